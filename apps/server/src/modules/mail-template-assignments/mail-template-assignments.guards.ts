import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/mail-template-assignments': null,
    'GET /api/mail-template-assignments/get-by-module': null,
    'POST /api/mail-template-assignments': null,
  },
  sharedSettings: ['POST /api/mail-template-assignments'],
});
