import { createTestCase, tetrahedronStl } from '../../../test/cases';
import { multipart } from '../../../test/docx';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/case-lists': null,
    'POST /api/case-lists': null,
    'GET /api/case-lists/:id': 'case',
    'PUT /api/case-lists/:id': 'case',
    'DELETE /api/case-lists/:id': 'case',
    'GET /api/case-logs/:id': 'case',
    'GET /api/get-multiple-results/:id': 'case',
    'POST /api/approve-case': 'case',
    'POST /api/approve-cases': 'case',
    'POST /api/update-status': 'case',
    'POST /api/update-statuses': 'case',
    'POST /api/update-result-status': 'case-result',
    'POST /api/requeue-case': 'case',
    'POST /api/delete-jaw': 'case',
    'POST /api/restore-jaw': 'case',
    'POST /api/cases/lock/:id': 'case',
    'POST /api/cases/unlock/:id': 'case',
    'POST /api/delete-cases': 'case',
    'POST /api/empty-trash': null,
    'POST /api/save-rating': null,
    'POST /api/parse-teeth-file': null,
    'POST /api/send-approve-mail/:id': 'case',
    'GET /api/cases/:id/jaws/:jaw/download': 'case',
    'GET /api/case-result-files/:id/download': 'case-result-file',
    'GET /api/case-results/:id/download': 'case-result',
    'GET /api/cases/events': null,
    'POST /api/save-results': null,
    'POST /api/save-multiple-results': null,
    'POST /api/save-files': null,
    'POST /api/case-results/:id': 'case',
  },
  fields: { result_id: 'case-result', upper_upload_id: 'upload', lower_upload_id: 'upload' },
  records: {
    case: {
      scope: 'tenant',
      create: async ({ deps, companyId, member }) =>
        (await createTestCase(deps, { companyId, createdBy: member.id, withResult: true })).id,
    },
    'case-result': {
      scope: 'tenant',
      create: async ({ deps, companyId, member }) =>
        (await createTestCase(deps, { companyId, createdBy: member.id, withResult: true })).resultId!,
    },
    'case-result-file': {
      scope: 'tenant',
      create: async ({ deps, companyId, member }) =>
        (await createTestCase(deps, { companyId, createdBy: member.id, withResult: true })).resultFileId!,
    },
  },
  multipart: {
    'POST /api/parse-teeth-file': {
      kinds: [],
      build: () => multipart([{ name: 'file', fileName: 'teeth.txt', content: Buffer.from('11, 21, 36') }]),
    },
    // The engine's calls: another company's case or result must not be found (ADR 0101).
    'POST /api/save-results': {
      kinds: ['case'],
      build: (records) =>
        multipart([
          { name: 'case_id', value: records.case! },
          { name: 'file', fileName: 'crown.stl', content: tetrahedronStl() },
        ]),
    },
    'POST /api/save-multiple-results': {
      kinds: ['case'],
      build: (records) =>
        multipart([
          { name: 'case_id', value: records.case! },
          { name: 'manifest', value: JSON.stringify([{ files: [{ file_name: 'crown.stl' }] }]) },
          { name: 'file', fileName: 'crown.stl', content: tetrahedronStl() },
        ]),
    },
    'POST /api/save-files': {
      kinds: ['case-result'],
      build: (records) =>
        multipart([
          { name: 'result_id', value: records['case-result']! },
          { name: 'file', fileName: 'crown.stl', content: tetrahedronStl() },
        ]),
    },
  },
});
