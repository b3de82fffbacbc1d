import { defineModule } from '../../lib/define-module';
import { permissionsRoutes } from './permissions.routes';

export { findPermissionsByTitle } from './permissions.repository';

/** The permission catalogue: the signed-in user's list, its groupings and its administration. */
export const permissionsModule = defineModule({ name: 'permissions', service: 'auth', routes: permissionsRoutes });
