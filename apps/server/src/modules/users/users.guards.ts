import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /auth/create-user': null,
    'GET /auth/list-users': null,
    'GET /auth/list-user-by-id': 'user',
    'POST /auth/update-user': 'user',
    'POST /auth/resend-invitation': 'user',
    'POST /auth/delete-user': 'user',
  },
  fields: { user_id: 'user', owner_id: 'user', assignee_id: 'user', actor_user_id: 'user', user_ids: 'user' },
  records: {
    user: { scope: 'tenant', create: async ({ member }) => member.id },
  },
});
