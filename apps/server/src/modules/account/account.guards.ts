import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /auth/profile': null,
    'POST /auth/update-profile': null,
    'POST /auth/change-password': null,
    'GET /auth/mail-preferences': null,
    'PUT /auth/mail-preferences': null,
  },
});
