import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/get-global-configuration': null,
    'POST /api/save-global-configuration': null,
    'GET /api/content/faq': null,
    'GET /api/content/data-privacy': null,
  },
  // The help content is the portal's own: generated saves would change what other test files read.
  sharedSettings: ['POST /api/save-global-configuration'],
});
