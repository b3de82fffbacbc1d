import { DOCUMENT_ASSIGNMENT_ERRORS, DOCUMENT_ASSIGNMENT_PERMISSION_CATALOGUE } from '@cuspid/contracts';
import { defineModule } from '../../lib/define-module';
import { documentAssignmentRoutes } from './document-assignment.routes';

/** Which document template serves which document of the portal (ADR 0047). */
export const documentAssignmentModule = defineModule({
  name: 'document-assignment',
  service: 'api',
  errors: DOCUMENT_ASSIGNMENT_ERRORS,
  routes: async (app, { deps }) => documentAssignmentRoutes(app, deps),
  permissions: DOCUMENT_ASSIGNMENT_PERMISSION_CATALOGUE,
  auditKinds: ['document-assignment'],
});
