import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /api/buy-credits/quote': null,
    'POST /api/buy-credits': null,
  },
  fields: { package_id: 'package' },
});
