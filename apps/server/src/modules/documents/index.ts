import { DOCUMENT_PERMISSION_CATALOGUE } from '@cuspid/contracts';
import multipart from '@fastify/multipart';
import { defineModule } from '../../lib/define-module';
import { documentsRoutes } from './documents.routes';
import { documentTemplatesSearch } from './documents.search';
import { createDocumentsService } from './documents.service';

export { renderAssignedDocument } from './documents.assigned';
export { findTemplatesByIds } from './documents.repository';

/** The document service's files and templates, and PDF rendering (ADR 0045, 0046). */
export const documentsModule = defineModule({
  name: 'documents',
  service: 'documents',
  search: [documentTemplatesSearch],
  routes: async (app, { deps }) => {
    await app.register(multipart, {
      // One file per request; the size limit errors the file stream with a 413 (nothing is stored).
      limits: { fileSize: deps.config.documents.maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
    });
    documentsRoutes(app, createDocumentsService(deps), deps.config.documents);
  },
  permissions: DOCUMENT_PERMISSION_CATALOGUE,
  auditKinds: ['document-file', 'document-template'],
});
