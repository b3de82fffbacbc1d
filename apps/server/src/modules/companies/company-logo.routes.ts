import { errorResponseSchema, errorResponses, idParamsSchema, VALIDATION_MESSAGES } from '@cuspid/contracts';
import { COMPANY_ROUTES, companyIdBodySchema, companySchema } from '@cuspid/contracts/companies';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { readMultipartForm } from '../../lib/multipart-form';
import { requireActor } from '../../plugins/authenticate';
import * as service from './company-logo.service';
import { LOGO_EXTENSION, type LogoContentType } from './company-logo-content';

const tags = ['companies'];
const permission = 'backoffice-company' as const;

/** The form's one text field; the file is the logo. */
const logoFieldsSchema = z.object({
  company_id: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? VALIDATION_MESSAGES.required : 'The company id is not valid',
  }),
});

/** Company logos: upload and delete (backoffice-company, company scope) and the logo itself. */
export const companyLogoRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const maxBytes = deps.config.companies.maxLogoBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1_000, parts: 6 },
  });

  app.post(
    COMPANY_ROUTES.uploadCompanyLogo,
    {
      config: { permission },
      schema: {
        tags,
        summary: `Upload a company's logo (multipart: company_id and file; PNG, JPEG or SVG up to ${maxBytes} bytes; SVG is sanitised)`,
        consumes: ['multipart/form-data'],
        response: { 200: companySchema, 413: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const form = await readMultipartForm(request, logoFieldsSchema);
      return service.uploadCompanyLogo(deps, actor, form.fields.company_id, form.file);
    },
  );

  app.post(
    COMPANY_ROUTES.deleteCompanyLogo,
    {
      config: { permission },
      schema: {
        tags,
        summary: "Delete a company's logo",
        body: companyIdBodySchema,
        response: { 200: companySchema, ...errorResponses },
      },
    },
    (request) => service.deleteCompanyLogo(deps, requireActor(request), request.body.company_id),
  );

  app.get(
    COMPANY_ROUTES.companyLogo(':id'),
    {
      schema: {
        tags,
        summary: "A company's logo (own company for every user; other companies with backoffice-company in scope)",
        params: idParamsSchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { object } = await service.openCompanyLogo(deps, requireActor(request), request.params.id);
      const extension = LOGO_EXTENSION[object.contentType as LogoContentType] ?? 'bin';
      // The logo is shown, never run: an SVG opened on its own may load nothing and run nothing.
      await reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('content-disposition', `inline; filename="logo.${extension}"`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(object.body as never);
    },
  );
};
