import { defineModule } from '../../lib/define-module';
import { hookRecordType } from '../flags';
import { caseEngineRoutes } from './cases.engine-routes';
import { engineWatchdogJob } from './cases.engine-service';
import { caseLabelHooks } from './cases.labels';
import { processCaseJob, registerEngine } from './cases.processing';
import { casesRoutes } from './cases.routes';
import { casesSearch } from './cases.search';
import { externalEngine } from './engines/external-engine';
import { referenceEngine } from './engines/reference-engine';

registerEngine(referenceEngine);
registerEngine(externalEngine);
hookRecordType('case', caseLabelHooks);

/** Cases (ADR 0102, 0101): scans, teeth, the state machine, processing by an engine, results, reviews. */
export const casesModule = defineModule({
  name: 'cases',
  service: 'api',
  routes: async (app, options) => {
    await app.register(casesRoutes, options);
    await app.register(caseEngineRoutes, options);
  },
  jobs: [processCaseJob, engineWatchdogJob],
  search: [casesSearch],
});
