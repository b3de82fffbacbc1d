import { COUNTRY_CREDIT_ERRORS } from '@cuspid/contracts/packages';
import { defineModule } from '../../lib/define-module';
import { countryCreditsRoutes } from './country-credits.routes';

/** The one pricing function of cases (and its arithmetic, without lookups). */
export { type CaseTeeth, casePriceOf, priceCase, type ToothCosts } from './case-price';

/** Tooth costs per country, the credit settings and what a case costs (spec section 3). */
export const countryCreditsModule = defineModule({
  name: 'country-credits',
  service: 'api',
  errors: COUNTRY_CREDIT_ERRORS,
  routes: countryCreditsRoutes,
  auditKinds: ['country-credit', 'credit-settings'],
});
