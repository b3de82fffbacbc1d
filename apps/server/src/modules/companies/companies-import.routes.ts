import { errorResponseSchema, VALIDATION_MESSAGES } from '@cuspid/contracts';
import {
  COMPANY_ROUTES,
  type CompanyImportRefusal,
  companyImportRefusalSchema,
  companyImportResultSchema,
} from '@cuspid/contracts/companies';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireActor } from '../../plugins/authenticate';
import { CompanyImportRefused, importCompaniesCsv } from './companies-import.service';

/** Largest accepted CSV file (about 150,000 typical company lines; the row limit bites first). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

const fileRequired = () =>
  new AppError('VALIDATION_FAILED', {
    message: VALIDATION_MESSAGES.fileRequired,
    errors: { file: [VALIDATION_MESSAGES.fileRequired] },
  });

/** POST /api/companies-import: a CSV file in the export's columns, uploaded as multipart/form-data (ADR 0060). */
export const companiesImportRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.post(
    COMPANY_ROUTES.companiesImport,
    {
      config: { permission: 'backoffice-company' },
      schema: {
        tags: ['companies'],
        summary:
          'Import companies from CSV (the export columns); every line is checked first and one bad line imports nothing',
        consumes: ['multipart/form-data'],
        response: {
          200: companyImportResultSchema,
          400: companyImportRefusalSchema.or(errorResponseSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          419: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) throw fileRequired();
      const file = await request.file();
      if (!file) throw fileRequired();
      file.file.once('limit', () => file.file.destroy(new AppError('PAYLOAD_TOO_LARGE')));
      try {
        return await importCompaniesCsv(deps, actor, file.file);
      } catch (error) {
        if (!(error instanceof CompanyImportRefused)) throw error;
        return reply.status(400).send({
          code: 'VALIDATION_FAILED',
          message: error.message,
          errors: error.fieldErrors,
          lines: error.errors,
          requestId: request.id,
        } satisfies CompanyImportRefusal);
      }
    },
  );
};
