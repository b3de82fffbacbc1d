import { randomUUID } from 'node:crypto';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/flags': null,
    'POST /api/flags': null,
    'GET /api/flags/:id': 'flag',
    'PUT /api/flags/:id': 'flag',
    'DELETE /api/flags/:id': 'flag',
    'POST /api/create-flags': null,
    'POST /api/update-flags': 'company',
  },
  fields: { flag_id: 'flag', tag_id: 'tag', add_tag_ids: 'tag' },
  records: {
    flag: {
      scope: 'global',
      create: async ({ post, created, adminToken }) =>
        created(await post('/api/flags', { name: `Matrix ${randomUUID().slice(0, 6)}`, kind: 'flag' }, adminToken)),
    },
    tag: {
      scope: 'global',
      create: async ({ post, created, adminToken }) =>
        created(await post('/api/flags', { name: `Matrix ${randomUUID().slice(0, 6)}`, kind: 'tag' }, adminToken)),
    },
  },
});
