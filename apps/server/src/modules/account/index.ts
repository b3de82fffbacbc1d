import { defineModule } from '../../lib/define-module';
import { accountRoutes } from './account.routes';

export { userWantsMail } from './account.service';

/** The signed-in user's own account: profile, password and mail preferences. */
export const accountModule = defineModule({ name: 'account', service: 'auth', routes: accountRoutes });
