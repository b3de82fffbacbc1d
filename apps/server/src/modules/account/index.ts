import { defineModule } from '../../lib/define-module';
import { accountRoutes } from './account.routes';

/** The signed-in user's own account: profile and password. */
export const accountModule = defineModule({ name: 'account', service: 'auth', routes: accountRoutes });
