import { randomUUID } from 'node:crypto';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/invoice-reminder-level': null,
    'POST /api/invoice-reminder-level': null,
    'GET /api/invoice-reminder-level/:id': 'reminder-level',
    'PUT /api/invoice-reminder-level/:id': 'reminder-level',
    'DELETE /api/invoice-reminder-level/:id': 'reminder-level',
  },
  records: {
    'reminder-level': {
      scope: 'global',
      create: async ({ post, created, adminToken }) =>
        created(
          await post(
            '/api/invoice-reminder-level',
            { level_name: `Matrix reminder ${randomUUID().slice(0, 6)}`, period_days: 7 },
            adminToken,
          ),
        ),
    },
  },
});
