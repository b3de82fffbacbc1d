import { REGISTRATION_ERRORS, REGISTRATION_PERMISSION_CATALOGUE } from '@cuspid/contracts/companies';
import { defineModule } from '../../lib/define-module';
import { registrationRoutes } from './registration.routes';

/** Company self-registration, its configuration and the VIES check (ADR 0051, 0055). */
export const registrationModule = defineModule({
  name: 'registration',
  service: 'api',
  errors: REGISTRATION_ERRORS,
  routes: registrationRoutes,
  permissions: REGISTRATION_PERMISSION_CATALOGUE,
  publicRoutes: {
    'GET /api/captcha/api': { auth: 'none', why: 'company registration form' },
    'POST /api/check-vat-id': { auth: 'none', why: 'company registration form' },
    'GET /api/registration-options': { auth: 'none', why: 'company registration form' },
    'POST /api/register-company': { auth: 'none', why: 'company registration' },
  },
  auditKinds: ['registration-configuration'],
});
