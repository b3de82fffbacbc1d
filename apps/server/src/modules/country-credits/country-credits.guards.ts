import { defineGuards } from '../../../test/guards';
import { bearer } from '../../../test/setup-app';

/** A country code no other test uses. */
const FIXTURE_COUNTRY = 'QM';

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
      create: async ({ app, post, created, adminToken }) => {
        const response = await post(
          '/api/country-credits',
          { country: FIXTURE_COUNTRY, upper_tooth_credits: 2, lower_tooth_credits: 1 },
          adminToken,
        );
        if (response.statusCode !== 409) return created(response);
        // A shared PostgreSQL database keeps the row of an earlier run: one row per country.
        const found = await app.inject({
          method: 'GET',
          url: `/api/country-credits?country=${FIXTURE_COUNTRY}`,
          headers: bearer(adminToken),
        });
        return (found.json() as { data: { id: string }[] }).data[0]!.id;
      },
    },
  },
  sharedSettings: ['PUT /api/credit-settings'],
  // A generated row for a real country (the generator's plausible 'DE', with 0 credits a tooth) would make
  // the cases of other test files free on a shared PostgreSQL database: generated rows go to the fixture's country.
  sharedFields: {
    'POST /api/country-credits': { country: FIXTURE_COUNTRY },
  },
});
