import { createTestCase, tetrahedronStl } from '../../../test/cases';
import { multipart } from '../../../test/docx';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/get-multiple-results/:id': 'case',
    'POST /api/update-result-status': 'case-result',
    'POST /api/save-rating': null,
    'GET /api/case-result-files/:id/download': 'case-result-file',
    'GET /api/case-results/:id/download': 'case-result',
    'POST /api/save-results': null,
    'POST /api/save-multiple-results': null,
    'POST /api/save-files': null,
    'POST /api/case-results/:id': 'case',
  },
  fields: { result_id: 'case-result' },
  records: {
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
