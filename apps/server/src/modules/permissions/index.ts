import { PERMISSION_RECORD_PERMISSION_CATALOGUE } from '@cuspid/contracts';
import { defineModule } from '../../lib/define-module';
import { permissionsRoutes } from './permissions.routes';

export { findPermissionsByTitle } from './permissions.repository';

/** The permission catalogue: the signed-in user's list, its groupings and its administration. */
export const permissionsModule = defineModule({
  name: 'permissions',
  service: 'auth',
  routes: permissionsRoutes,
  permissions: PERMISSION_RECORD_PERMISSION_CATALOGUE,
  auditKinds: ['permission'],
});
