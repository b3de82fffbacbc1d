import { CASE_ERRORS, CASE_PERMISSION_CATALOGUE } from '@cuspid/contracts/cases';
import { defineModule } from '../../lib/define-module';
import { hookRecordType } from '../flags';
import { caseLabelHooks } from './cases.labels';
import { CASE_MAILS } from './cases.mail-seed';
import { casesPerStatus } from './cases.metrics';
import { processCaseJob } from './cases.processing';
import { casesRoutes } from './cases.routes';
import { casesSearch } from './cases.search';
import { externalEngine } from './engines/external-engine';
import { referenceEngine } from './engines/reference-engine';

hookRecordType('case', caseLabelHooks);

export { assertCaseUnlocked } from './cases.change';
// What the case-results area builds on: a result version is written with its case, in the case's
// transactions, through the case's state machine and log (ADR 0101, 0102).
export { type Download, openStored, sendDownload } from './cases.files';
export { byActor, type CaseChanger, logCase, moveResult, moverOf, SYSTEM } from './cases.machine';
export { casePolicy, isEngineKey } from './cases.policy';
export { completeProcessing, failRun, safeName } from './cases.processing';
export { getCase } from './cases.read';
export {
  type CaseRow,
  claimEngineRun,
  findVisibleCase,
  insertResult,
  insertResultFiles,
  listOverdueExternalRuns,
  listResults,
  lockCase,
  lockVisibleCase,
  notifyCaseChanged,
  type ResultFileRow,
  type ResultRow,
  updateCase,
  updateResult,
} from './cases.repository';
export { runOfJobId } from './engines/external-engine';

/** Cases (ADR 0102, 0101): scans, teeth, the state machine, processing by an engine, reviews. */
export const casesModule = defineModule({
  name: 'cases',
  service: 'api',
  errors: CASE_ERRORS,
  routes: casesRoutes,
  jobs: [processCaseJob],
  search: [casesSearch],
  engines: [referenceEngine, externalEngine],
  mail: CASE_MAILS,
  permissions: CASE_PERMISSION_CATALOGUE,
  auditKinds: ['case'],
  metrics: [casesPerStatus],
});
