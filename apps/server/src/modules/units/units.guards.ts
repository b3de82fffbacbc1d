import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/show-unit': null,
    'GET /api/units': null,
    'POST /api/units': null,
    'GET /api/units/:id': 'unit',
    'PUT /api/units/:id': 'unit',
    'DELETE /api/units/:id': 'unit',
    'POST /api/delete-units': 'unit',
    'POST /api/detach-unit': null,
  },
  fields: { unit_id: 'unit', parent_id: 'unit' },
  records: {
    unit: {
      scope: 'tenant',
      create: async ({ post, created, adminToken, companyId }) =>
        created(await post('/api/units', { company_id: companyId, name: 'Matrix unit' }, adminToken)),
    },
  },
});
