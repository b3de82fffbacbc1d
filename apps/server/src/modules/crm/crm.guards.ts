import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/customer-notes': null,
    'POST /api/customer-notes': null,
    'GET /api/customer-notes/:id': 'note',
    'PUT /api/customer-notes/:id': 'note',
    'DELETE /api/customer-notes/:id': 'note',
    'GET /api/customer-activities': null,
    'POST /api/customer-activities': null,
    'GET /api/customer-activities/:id': 'activity',
    'PUT /api/customer-activities/:id': 'activity',
    'DELETE /api/customer-activities/:id': 'activity',
    'GET /api/customer-timeline': null,
  },
  records: {
    note: {
      scope: 'tenant',
      create: async ({ post, created, adminToken, companyId }) =>
        created(await post('/api/customer-notes', { company_id: companyId, body: 'Matrix note' }, adminToken)),
    },
    activity: {
      scope: 'tenant',
      create: async ({ post, created, adminToken, companyId }) =>
        created(
          await post(
            '/api/customer-activities',
            { company_id: companyId, type: 'call', subject: 'Matrix call' },
            adminToken,
          ),
        ),
    },
  },
});
