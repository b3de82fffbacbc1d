import { UNIT_ERRORS, UNIT_PERMISSION_CATALOGUE } from '@cuspid/contracts/companies';
import { defineModule } from '../../lib/define-module';
import { unitsRoutes } from './units.routes';

/** A company's units (departments, branches) as a tree. */
export const unitsModule = defineModule({
  name: 'units',
  service: 'api',
  errors: UNIT_ERRORS,
  routes: unitsRoutes,
  permissions: UNIT_PERMISSION_CATALOGUE,
  auditKinds: ['unit'],
});
