import { errorResponseSchema, errorResponses, idParamsSchema, VALIDATION_MESSAGES } from '@cuspid/contracts';
import { companyIdBodySchema, companySchema } from '@cuspid/contracts/companies';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../deps';
import { AppError } from '../../../lib/errors';
import { requireActor } from '../../../plugins/authenticate';
import * as service from './company-logo.service';
import { LOGO_EXTENSION, type LogoContentType } from './company-logo-content';

const tags = ['companies'];
const permission = 'backoffice-company' as const;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: { [field]: [message] } });

/** Reads the one file part whole (it is small: the multipart limit stops it at the logo size limit). */
async function readFilePart(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // Past the limit busboy only truncates the part; fail instead, so nothing is stored.
  part.file.once('limit', () => part.file.destroy(new AppError('PAYLOAD_TOO_LARGE')));
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
  return Buffer.concat(chunks);
}

/** Company logos: upload and delete (backoffice-company, company scope) and the logo itself. */
export const companyLogoRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const maxBytes = deps.config.companies.maxLogoBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1_000, parts: 6 },
  });

  app.post(
    '/upload-company-logo',
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
      if (!request.isMultipart()) throw fieldError('file', VALIDATION_MESSAGES.fileRequired);
      const fields: Record<string, string> = {};
      let file: service.LogoUpload | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          file = { fileName: part.filename, content: await readFilePart(part) };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const companyId = z.uuid().safeParse(fields.company_id);
      if (!companyId.success) {
        throw fieldError(
          'company_id',
          fields.company_id ? 'The company id is not valid' : VALIDATION_MESSAGES.required,
        );
      }
      if (!file || file.content.length === 0) throw fieldError('file', VALIDATION_MESSAGES.fileRequired);
      return service.uploadCompanyLogo(deps, actor, companyId.data, file);
    },
  );

  app.post(
    '/delete-company-logo',
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
    '/companies/:id/logo',
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
