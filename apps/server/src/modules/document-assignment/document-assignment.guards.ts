import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/global-settings/document-assignment': null,
    'POST /api/global-settings/document-assignment': null,
  },
  sharedSettings: ['POST /api/global-settings/document-assignment'],
});
