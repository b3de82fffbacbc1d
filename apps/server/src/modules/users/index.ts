import { USER_ERRORS, USER_PERMISSION_CATALOGUE } from '@cuspid/contracts';
import { defineModule } from '../../lib/define-module';
import { USER_MAILS } from './users.mail-seed';
import { usersRoutes } from './users.routes';
import { usersSearch } from './users.search';

export {
  assignRoles,
  findOperatorCompany,
  insertUser,
  listUsers,
  updateUserRow,
} from './users.repository';
export { createUserRecord, sendWelcomeMail } from './users.service';

/**
 * Users: registration, creation (with an invitation), and their administration. Stands above the other
 * areas of the authentication service: changing a user ends its sessions, links and keys through theirs.
 */
export const usersModule = defineModule({
  name: 'users',
  service: 'auth',
  errors: USER_ERRORS,
  mail: USER_MAILS,
  routes: usersRoutes,
  search: [usersSearch],
  permissions: USER_PERMISSION_CATALOGUE,
  publicRoutes: {
    'POST /auth/create-user': {
      auth: 'optional',
      why: 'self-registration without a token; with one it needs create-user',
    },
  },
  auditKinds: ['user'],
});
