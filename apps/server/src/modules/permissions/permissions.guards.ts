import { defineGuards } from '../../../test/guards';
import { permissions } from './permissions.schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /auth/list-permissions': null,
    'GET /auth/list-permission-by-id': 'permission',
    'GET /auth/list-groupings': null,
    'POST /auth/create-permission': null,
    'POST /auth/update-permission': 'permission',
    'POST /auth/delete-permission': 'permission',
  },
  records: {
    permission: {
      scope: 'global',
      create: async ({ deps }) => (await deps.db.select({ id: permissions.id }).from(permissions).limit(1))[0]!.id,
    },
  },
});
