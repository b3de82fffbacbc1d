import { CASE_RESULT_ERRORS } from '@cuspid/contracts/cases';
import { defineModule } from '../../lib/define-module';
import { caseEngineRoutes } from './case-results.engine-routes';
import { engineWatchdogJob } from './case-results.engine-service';
import { caseResultsRoutes } from './case-results.routes';

/**
 * A case's result versions (ADR 0101, 0102): the external engine's calls that save them and report how a run
 * ended, the engine watchdog, and reading, rating, result statuses and downloads for the case's users.
 */
export const caseResultsModule = defineModule({
  name: 'case-results',
  service: 'api',
  errors: CASE_RESULT_ERRORS,
  routes: async (app, options) => {
    await app.register(caseResultsRoutes, options);
    await app.register(caseEngineRoutes, options);
  },
  jobs: [engineWatchdogJob],
  auditKinds: ['case-result', 'case-rating'],
});
