import { eq } from 'drizzle-orm';
import { defineGuards } from '../../../test/guards';
import { sessions } from './sessions.schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /auth/login': null,
    'POST /auth/refresh-token': null,
    'POST /auth/logout': null,
    'GET /auth/jwks.json': null,
    'GET /auth/list-sessions': null,
    'POST /auth/sign-out-other-sessions': null,
    'POST /auth/sign-out-session': 'session',
  },
  fields: { session_id: 'session' },
  records: {
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
  },
});
