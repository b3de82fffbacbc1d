import { defineGuards } from '../../../test/guards';

/** Country codes no other test uses, so that the fixtures never collide with a test's own rows. */
let next = 0;
const fixtureCountry = () => `Q${String.fromCharCode(65 + (next++ % 26))}`;

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/country-credits': null,
    'POST /api/country-credits': null,
    'GET /api/country-credits/:id': 'country-credit',
    'PUT /api/country-credits/:id': 'country-credit',
    'DELETE /api/country-credits/:id': 'country-credit',
    'GET /api/credit-settings': null,
    'PUT /api/credit-settings': null,
    'POST /api/case-price': null,
  },
  records: {
    'country-credit': {
      scope: 'global',
      create: async ({ post, created, adminToken }) => {
        // Each test file (PGlite) or run (PostgreSQL) may find a country taken: try the next one.
        for (let attempt = 0; attempt < 26; attempt++) {
          const response = await post(
            '/api/country-credits',
            { country: fixtureCountry(), upper_tooth_credits: 2, lower_tooth_credits: 1 },
            adminToken,
          );
          if (response.statusCode !== 409) return created(response);
        }
        throw new Error('no free country code for the country credits fixture');
      },
    },
  },
  sharedSettings: ['PUT /api/credit-settings'],
});
