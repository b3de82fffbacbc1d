import { USER_ERRORS } from '@cuspid/contracts';
import { defineModule } from '../../lib/define-module';
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
  routes: usersRoutes,
  search: [usersSearch],
});
