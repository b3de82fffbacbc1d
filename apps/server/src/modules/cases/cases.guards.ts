import { createTestCase } from '../../../test/cases';
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
    'POST /api/approve-case': 'case',
    'POST /api/approve-cases': 'case',
    'POST /api/update-status': 'case',
    'POST /api/update-statuses': 'case',
    'POST /api/requeue-case': 'case',
    'POST /api/delete-jaw': 'case',
    'POST /api/restore-jaw': 'case',
    'POST /api/jaw-orientation': 'case',
    'POST /api/cases/lock/:id': 'case',
    'POST /api/cases/unlock/:id': 'case',
    'POST /api/delete-cases': 'case',
    'POST /api/empty-trash': null,
    'POST /api/parse-teeth-file': null,
    'POST /api/send-approve-mail/:id': 'case',
    'GET /api/cases/:id/jaws/:jaw/download': 'case',
    'GET /api/cases/events': null,
  },
  fields: { upper_upload_id: 'upload', lower_upload_id: 'upload' },
  // A generated empty trash only asks: as the administrator without a company it would empty every company's
  // trash, the trash other test files work with on a shared PostgreSQL database.
  sharedFields: { 'POST /api/empty-trash': { dry_run: true } },
  records: {
    case: {
      scope: 'tenant',
      create: async ({ deps, companyId, member }) =>
        (await createTestCase(deps, { companyId, createdBy: member.id, withResult: true })).id,
    },
  },
  multipart: {
    'POST /api/parse-teeth-file': {
      kinds: [],
      build: () => multipart([{ name: 'file', fileName: 'teeth.txt', content: Buffer.from('11, 21, 36') }]),
    },
  },
});
