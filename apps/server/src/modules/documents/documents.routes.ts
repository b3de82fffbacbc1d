import {
  createTemplateFieldsSchema,
  documentFileListSchema,
  documentFileSchema,
  documentTemplateListSchema,
  documentTemplateSchema,
  fileIdBodySchema,
  fileIdQuerySchema,
  idParamsSchema,
  listFilesQuerySchema,
  messageResponseSchema,
  processTemplateBodySchema,
  DOCUMENTS_ROUTES as R,
  templateVariablesResponseSchema,
  updateTemplateBodySchema,
} from '@cuspid/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { fileRequiredError, readMultipartForm } from '../../lib/multipart-form';
import { requireActor } from '../../plugins/authenticate';
import { buildContentDisposition } from '../../storage/storage';
import type { DocumentsService, FileDownload } from './documents.service';

const TEMPLATE = 'backoffice-document-template' as const;
const binary = z.any().describe('the file');
function assertMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw fileRequiredError();
}

function sendDownload(reply: FastifyReply, download: FileDownload, disposition: 'inline' | 'attachment') {
  const { row, object, range } = download;
  reply
    .header('content-type', row.contentType)
    .header('content-disposition', buildContentDisposition(disposition, row.fileName))
    .header('content-length', String(object.size))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'no-store');
  if (row.etag) reply.header('etag', `"${row.etag}"`);
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.totalSize}`);
  return reply.send(object.body);
}

/** The document service's calls (spec section 7); permissions and company scope: ADR 0045, 0046. */
export function documentsRoutes(
  appBase: FastifyInstance,
  service: DocumentsService,
  limits: { maxTemplateBytes: number },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  // Files: every signed-in user, within their company (staff: every company).

  app.get(
    R.listFiles,
    { schema: { tags, querystring: listFilesQuerySchema, response: { 200: documentFileListSchema } } },
    async (request) => service.listFiles(requireActor(request), request.query),
  );

  app.get(
    R.listFileById,
    { schema: { tags, querystring: fileIdQuerySchema, response: { 200: documentFileSchema } } },
    async (request) => service.getFile(requireActor(request), request.query.id),
  );

  app.get(
    `${R.file}/:id`,
    { schema: { tags, params: idParamsSchema, response: { 200: binary, 206: binary } } },
    async (request, reply) => {
      const download = await service.openFile(requireActor(request), request.params.id, {
        rangeHeader: request.headers.range,
      });
      return sendDownload(reply, download, 'attachment');
    },
  );

  app.get(
    `${R.filePreview}/:id`,
    { schema: { tags, params: idParamsSchema, response: { 200: binary, 206: binary } } },
    async (request, reply) => {
      const download = await service.openFile(requireActor(request), request.params.id, {
        rangeHeader: request.headers.range,
        preview: true,
      });
      return sendDownload(reply, download, 'inline');
    },
  );

  app.post(
    R.uploadFile,
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: documentFileSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      assertMultipart(request);
      const file = await request.file();
      if (!file) throw fileRequiredError();
      // Past the size limit busboy only truncates the part; fail the stream so storage drops what it had.
      file.file.once('limit', () => file.file.destroy(new AppError('PAYLOAD_TOO_LARGE')));
      const created = await service.uploadFile(actor, {
        fileName: file.filename,
        stream: file.file,
        isTruncated: () => file.file.truncated,
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    R.deleteFile,
    { schema: { tags, body: fileIdBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deleteFile(requireActor(request), request.body.id);
      return { message: 'The file was deleted' };
    },
  );

  // Templates: staff with backoffice-document-template.

  app.get(
    R.listTemplates,
    {
      config: { permission: TEMPLATE },
      schema: { tags, querystring: listFilesQuerySchema, response: { 200: documentTemplateListSchema } },
    },
    async (request) => service.listTemplates(requireActor(request), request.query),
  );

  app.get(
    R.listTemplateById,
    {
      config: { permission: TEMPLATE },
      schema: { tags, querystring: fileIdQuerySchema, response: { 200: documentTemplateSchema } },
    },
    async (request) => service.getTemplate(requireActor(request), request.query.id),
  );

  app.post(
    R.createTemplate,
    {
      config: { permission: TEMPLATE },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: documentTemplateSchema } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await readMultipartForm(request, createTemplateFieldsSchema, {
        maxFileBytes: limits.maxTemplateBytes,
      });
      const created = await service.createTemplate(actor, { ...form.fields, ...form.file });
      return reply.status(201).send(created);
    },
  );

  app.post(
    R.updateTemplate,
    {
      config: { permission: TEMPLATE },
      schema: { tags, body: updateTemplateBodySchema, response: { 200: documentTemplateSchema } },
    },
    async (request) => service.updateTemplate(requireActor(request), request.body),
  );

  app.post(
    R.deleteTemplate,
    {
      config: { permission: TEMPLATE },
      schema: { tags, body: fileIdBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await service.deleteTemplate(requireActor(request), request.body.id);
      return { message: 'The template was deleted' };
    },
  );

  app.post(
    R.getTemplateVariables,
    {
      config: { permission: TEMPLATE },
      schema: { tags, body: fileIdBodySchema, response: { 200: templateVariablesResponseSchema } },
    },
    async (request) => service.getTemplateVariables(requireActor(request), request.body.id),
  );

  app.post(
    R.processTemplate,
    {
      config: { permission: TEMPLATE },
      schema: { tags, body: processTemplateBodySchema, response: { 200: binary } },
    },
    async (request, reply) => {
      const result = await service.processTemplate(requireActor(request), request.body);
      return reply
        .header('content-type', result.contentType)
        .header('content-disposition', buildContentDisposition('attachment', result.fileName))
        .header('cache-control', 'no-store')
        .send(result.content);
    },
  );
}
