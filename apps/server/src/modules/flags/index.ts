import { FLAG_ERRORS, FLAG_PERMISSION_CATALOGUE } from '@cuspid/contracts/flags';
import { defineModule } from '../../lib/define-module';
import { flagsRoutes } from './flags.routes';

export { carriesFlag, carriesTag, listRecordLabels, type RecordLabels } from './flags.repository';
export { hookRecordType, type LabelChange, type RecordTypeHooks } from './record-type-hooks';

/** Flags and tags on records of every record type (ADR 0054). */
export const flagsModule = defineModule({
  name: 'flags',
  service: 'api',
  errors: FLAG_ERRORS,
  routes: flagsRoutes,
  permissions: FLAG_PERMISSION_CATALOGUE,
  auditKinds: ['flag'],
});
