import { ROLE_ERRORS, ROLE_PERMISSION_CATALOGUE } from '@cuspid/contracts';
import { defineModule } from '../../lib/define-module';
import { rolesRoutes } from './roles.routes';
import { rolesSearch } from './roles.search';

export { assertMayGrant, permissionsNotHeld, selfServiceViolations } from './roles.policy';
export {
  findCompanyUsersHolding,
  findRegistrationRoles,
  findRolesByName,
  findUserAccess,
  permissionTitlesOfRoles,
  permissionTitlesOfUser,
} from './roles.repository';

/** Roles, their permissions, and the grant rules every area that hands out permissions follows (ADR 0036). */
export const rolesModule = defineModule({
  name: 'roles',
  service: 'auth',
  errors: ROLE_ERRORS,
  routes: rolesRoutes,
  search: [rolesSearch],
  permissions: ROLE_PERMISSION_CATALOGUE,
  auditKinds: ['role'],
});
