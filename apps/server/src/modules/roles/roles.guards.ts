import { eq } from 'drizzle-orm';
import { defineGuards } from '../../../test/guards';
import { roles } from './roles.schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /auth/list-roles': null,
    'GET /auth/list-role-by-id': 'role',
    'POST /auth/create-role': null,
    'POST /auth/update-role': 'role',
    'POST /auth/delete-role': 'role',
  },
  fields: { role_id: 'role' },
  records: {
    role: {
      scope: 'global',
      create: async ({ deps }) =>
        (await deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'end-user')))[0]!.id,
    },
  },
  // A role flagged "assign on registration" is given to every user anyone registers.
  sharedFields: {
    'POST /auth/create-role': { assign_on_registration: false },
    'POST /auth/update-role': { assign_on_registration: false },
  },
});
