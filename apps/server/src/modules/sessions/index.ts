import { defineModule } from '../../lib/define-module';
import { sessionsJobs } from './sessions.jobs';
import { sessionsRoutes } from './sessions.routes';

export { type ClientInfo, clientOf } from './client-info';
export {
  assertAccountNotLocked,
  clearAccountFailures,
  countAccountFailure,
  countIpAttempt,
  limitRequests,
} from './login-throttle';
export { hashPassword, verifyPassword } from './passwords';
export { hasSession } from './sessions.policy';
export {
  bumpThrottle,
  findCompanyName,
  findLiveUserById,
  findLiveUserByMail,
  revokeUserSessions,
  type UserRow,
} from './sessions.repository';
export { startSession, toUserProfile } from './sessions.service';

/**
 * Sign-in and sessions: the password step, refresh tokens, sign-out, the session list, the sign-in
 * throttle and password hashing. Below every other area of the authentication service, which start,
 * end and count sign-ins through this index.
 */
export const sessionsModule = defineModule({
  name: 'sessions',
  service: 'auth',
  routes: sessionsRoutes,
  jobs: sessionsJobs,
  publicRoutes: {
    'POST /auth/login': { auth: 'none', why: 'sign-in' },
    'POST /auth/refresh-token': { auth: 'none', why: 'the refresh token is the proof' },
    'POST /auth/logout': {
      auth: 'optional',
      why: 'ends the session of the access token, or of the refresh token when the access token expired',
    },
    'GET /auth/jwks.json': { auth: 'none', why: 'public keys that verify tokens (ADR 0114); nothing secret' },
  },
  auditKinds: ['session'],
});
