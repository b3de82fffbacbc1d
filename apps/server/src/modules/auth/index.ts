import { defineModule } from '../../lib/define-module';
import { authJobs } from './auth.jobs';
import { authRoutes } from './auth.routes';
import { identityRoutes } from './identity.routes';

export { bumpThrottle, findLiveUserByMail, findRegistrationRoles } from './auth.repository';
export { createUserRecord, sendWelcomeMail } from './auth.service';
export { selfServiceViolations } from './identity.policy';
export { hashPassword } from './passwords';

/** Sign-in, sessions, two-factor, account links, users, roles, permissions and API keys. */
export const authModule = defineModule({
  name: 'auth',
  service: 'auth',
  routes: async (app, options) => {
    await app.register(authRoutes, options);
    await app.register(identityRoutes, options);
  },
  jobs: authJobs,
});
