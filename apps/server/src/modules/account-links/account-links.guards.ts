import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /auth/check-account-link': null,
    'POST /auth/accept-invitation': null,
    'POST /auth/forgot-password': null,
    'POST /auth/reset-password': null,
  },
});
