import { eq } from 'drizzle-orm';
import { defineGuards } from '../../../test/guards';
import { permissions, roles, sessions } from '../../db/schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /auth/login': null,
    'POST /auth/login/two-factor': null,
    'POST /auth/refresh-token': null,
    'POST /auth/logout': null,
    'POST /auth/create-user': null,
    'GET /auth/list-permissions': null,
    'GET /auth/profile': null,
    'POST /auth/update-profile': null,
    'POST /auth/change-password': null,
    'GET /auth/two-factor-status': null,
    'POST /auth/setup-two-factor': null,
    'POST /auth/enable-two-factor': null,
    'POST /auth/disable-two-factor': null,
    'POST /auth/regenerate-recovery-codes': null,
    'POST /auth/check-account-link': null,
    'POST /auth/accept-invitation': null,
    'POST /auth/forgot-password': null,
    'POST /auth/reset-password': null,
    'GET /auth/list-users': null,
    'GET /auth/list-user-by-id': 'user',
    'POST /auth/update-user': 'user',
    'POST /auth/resend-invitation': 'user',
    'POST /auth/delete-user': 'user',
    'GET /auth/list-roles': null,
    'GET /auth/list-role-by-id': 'role',
    'POST /auth/create-role': null,
    'POST /auth/update-role': 'role',
    'POST /auth/delete-role': 'role',
    'GET /auth/list-permission-by-id': 'permission',
    'GET /auth/list-groupings': null,
    'POST /auth/create-permission': null,
    'POST /auth/update-permission': 'permission',
    'POST /auth/delete-permission': 'permission',
    'GET /auth/list-api-tokens': null,
    'GET /auth/list-api-token-by-id': 'apiKey',
    'POST /auth/create-api-token': null,
    'POST /auth/update-api-token': 'apiKey',
    'POST /auth/rotate-api-token': 'apiKey',
    'POST /auth/revoke-api-token': 'apiKey',
    'POST /auth/delete-api-token': 'apiKey',
    'POST /auth/token': null,
    'GET /auth/list-sessions': null,
    'POST /auth/sign-out-other-sessions': null,
    'POST /auth/sign-out-session': 'session',
  },
  fields: {
    user_id: 'user',
    owner_id: 'user',
    assignee_id: 'user',
    actor_user_id: 'user',
    user_ids: 'user',
    role_id: 'role',
    session_id: 'session',
  },
  records: {
    user: { scope: 'tenant', create: async ({ member }) => member.id },
    session: {
      scope: 'tenant',
      create: async ({ deps, member }) => {
        const [session] = await deps.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(eq(sessions.userId, member.id));
        return session!.id;
      },
    },
    apiKey: {
      scope: 'tenant',
      create: async ({ post, created, memberToken }) =>
        created(await post('/auth/create-api-token', { name: 'Victim key', scopes: ['list-users'] }, memberToken)),
    },
    role: {
      scope: 'global',
      create: async ({ deps }) =>
        (await deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'end-user')))[0]!.id,
    },
    permission: {
      scope: 'global',
      create: async ({ deps }) => (await deps.db.select({ id: permissions.id }).from(permissions).limit(1))[0]!.id,
    },
  },
  // A role flagged "assign on registration" is given to every user anyone registers.
  sharedFields: {
    'POST /auth/create-role': { assign_on_registration: false },
    'POST /auth/update-role': { assign_on_registration: false },
  },
});
