import { REGISTRATION_ERRORS } from '@cuspid/contracts/companies';
import { defineModule } from '../../lib/define-module';
import { registrationRoutes } from './registration.routes';

/** Company self-registration, its configuration and the VIES check (ADR 0051, 0055). */
export const registrationModule = defineModule({
  name: 'registration',
  service: 'api',
  errors: REGISTRATION_ERRORS,
  routes: registrationRoutes,
});
