import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps';
import { registerServiceBase } from '../../plugins/service-base';
import { documentsRoutes } from './documents.routes';
import { createDocumentsService } from './documents.service';

/** The document service (spec section 7), mounted at /documents. */
export const documentsService: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await registerServiceBase(app, deps, 'documents');
  await app.register(multipart, {
    // One file per request; the size limit errors the file stream with a 413 (nothing is stored).
    limits: { fileSize: deps.config.documents.maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });
  documentsRoutes(app, createDocumentsService(deps), deps.config.documents);
};
