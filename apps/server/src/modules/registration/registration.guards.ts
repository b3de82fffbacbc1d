import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/captcha/api': null,
    'POST /api/check-vat-id': null,
    'GET /api/registration-options': null,
    'POST /api/register-company': null,
    'GET /api/registration-configuration': null,
    'POST /api/save-registration-configuration': null,
    'POST /api/send-register-mail': null,
  },
  sharedSettings: ['POST /api/save-registration-configuration'],
});
