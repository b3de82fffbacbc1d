import { PACKAGE_ERRORS, PACKAGE_PERMISSION_CATALOGUE } from '@cuspid/contracts/packages';
import { defineModule } from '../../lib/define-module';
import { packagesRoutes } from './packages.routes';

export { listPackagesOfferedTo } from './packages.service';

/** Credit packages, their prices per country, and what a company can buy (spec section 3). */
export const packagesModule = defineModule({
  name: 'packages',
  service: 'api',
  errors: PACKAGE_ERRORS,
  routes: packagesRoutes,
  permissions: PACKAGE_PERMISSION_CATALOGUE,
  auditKinds: ['package', 'country-package'],
});
