import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/get-credits': null,
    'GET /api/credit-history/:id': 'company',
    'GET /api/balance-history/:id': 'company',
    'POST /api/grant-credits': null,
  },
});
