import { randomUUID } from 'node:crypto';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/coupon-codes': null,
    'POST /api/coupon-codes': null,
    'GET /api/coupon-codes/:id': 'coupon',
    'PUT /api/coupon-codes/:id': 'coupon',
    'DELETE /api/coupon-codes/:id': 'coupon',
    'GET /api/coupon-history/:id': 'coupon',
    'POST /api/redeem-coupon': null,
    'POST /api/check-coupon': null,
  },
  // Package ids name credit packages (records of no company).
  fields: { package_id: 'package', package_ids: 'package' },
  records: {
    coupon: {
      scope: 'global',
      create: async ({ post, created, adminToken }) =>
        created(
          await post(
            '/api/coupon-codes',
            { code: `MATRIX-${randomUUID().slice(0, 8)}`, kind: 'credits', credits: 5 },
            adminToken,
          ),
        ),
    },
  },
});
