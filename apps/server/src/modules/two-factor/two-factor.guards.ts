import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /auth/login/two-factor': null,
    'GET /auth/two-factor-status': null,
    'POST /auth/setup-two-factor': null,
    'POST /auth/enable-two-factor': null,
    'POST /auth/disable-two-factor': null,
    'POST /auth/regenerate-recovery-codes': null,
  },
});
