import { randomUUID } from 'node:crypto';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/packages': null,
    'POST /api/packages': null,
    'GET /api/packages/:id': 'package',
    'PUT /api/packages/:id': 'package',
    'DELETE /api/packages/:id': 'package',
    'GET /api/country-packages': null,
    'POST /api/country-packages': null,
    'GET /api/country-packages/:id': 'country-package',
    'PUT /api/country-packages/:id': 'country-package',
    'DELETE /api/country-packages/:id': 'country-package',
    'GET /api/available-packages': null,
  },
  fields: { package_id: 'package' },
  records: {
    package: {
      scope: 'global',
      create: async ({ post, created, adminToken }) =>
        created(
          await post(
            '/api/packages',
            { name: `Matrix ${randomUUID().slice(0, 6)}`, credits: 10, price_cents: 1000 },
            adminToken,
          ),
        ),
    },
    'country-package': {
      scope: 'global',
      create: async ({ post, created, adminToken }) => {
        const pkg = created(
          await post(
            '/api/packages',
            { name: `Matrix ${randomUUID().slice(0, 6)}`, credits: 5, price_cents: 500 },
            adminToken,
          ),
        );
        return created(
          await post('/api/country-packages', { package_id: pkg, country: 'AT', price_cents: 450 }, adminToken),
        );
      },
    },
  },
});
