import { buildDocx, multipart, SAMPLE_PDF } from '../../../test/docx';
import { defineGuards } from '../../../test/guards';

const uploadFile = () => multipart([{ name: 'file', fileName: 'scan.pdf', content: SAMPLE_PDF }]);
const createTemplate = () =>
  multipart([
    { name: 'name', value: 'Matrix template' },
    { name: 'file', fileName: 't.docx', content: buildDocx(['Hello {name}']) },
  ]);

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /documents/list-files': null,
    'GET /documents/list-file-by-id': 'file',
    'GET /documents/files/:id': 'file',
    'GET /documents/files-preview/:id': 'file',
    'POST /documents/upload-file': null,
    'POST /documents/delete-file': 'file',
    'GET /documents/list-templates': null,
    'GET /documents/list-template-by-id': 'documentTemplate',
    'POST /documents/create-template': null,
    'POST /documents/update-template': 'documentTemplate',
    'POST /documents/delete-template': 'documentTemplate',
    'POST /documents/get-template-variables': 'documentTemplate',
    'POST /documents/process-template': 'documentTemplate',
  },
  fields: { template_id: (url) => (url.includes('document') ? 'documentTemplate' : undefined) },
  records: {
    file: {
      scope: 'tenant',
      create: async ({ upload, created, memberToken }) =>
        created(await upload('/documents/upload-file', uploadFile(), memberToken)),
    },
    documentTemplate: {
      scope: 'tenant',
      create: async ({ upload, created, memberToken }) =>
        created(await upload('/documents/create-template', createTemplate(), memberToken)),
    },
  },
  multipart: {
    'POST /documents/upload-file': { kinds: [], build: uploadFile },
    'POST /documents/create-template': { kinds: [], build: createTemplate },
  },
});
