import { defineModule } from '../../lib/define-module';
import { twoFactorRoutes } from './two-factor.routes';

export { replaceRecoveryCodes, TWO_FACTOR_OFF } from './two-factor.repository';

/**
 * Two-factor sign-in (ADR 0033): the second sign-in step (POST /login/two-factor), and the setup, status,
 * recovery codes and switching off of the signed-in user. Builds on sessions (the throttle, the password,
 * starting and ending sessions); user administration resets a user's second factor through this index.
 */
export const twoFactorModule = defineModule({
  name: 'two-factor',
  service: 'auth',
  routes: twoFactorRoutes,
  publicRoutes: {
    'POST /auth/login/two-factor': { auth: 'none', why: 'second sign-in step; the challenge is the proof' },
  },
});
