import { MAIL_TEMPLATE_ASSIGNMENT_ERRORS, MAIL_TEMPLATE_ASSIGNMENT_PERMISSION_CATALOGUE } from '@cuspid/contracts/mail';
import { defineModule } from '../../lib/define-module';
import { mailTemplateAssignmentsRoutes } from './mail-template-assignments.routes';

/** Which mail template serves which mail of the portal (global settings). */
export const mailTemplateAssignmentsModule = defineModule({
  name: 'mail-template-assignments',
  service: 'api',
  errors: MAIL_TEMPLATE_ASSIGNMENT_ERRORS,
  routes: mailTemplateAssignmentsRoutes,
  permissions: MAIL_TEMPLATE_ASSIGNMENT_PERMISSION_CATALOGUE,
  auditKinds: ['mail-template-assignment'],
});
