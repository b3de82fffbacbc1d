import { MAIL_TEMPLATE_ASSIGNMENT_ERRORS } from '@cuspid/contracts/mail';
import { defineModule } from '../../lib/define-module';
import { mailTemplateAssignmentsRoutes } from './mail-template-assignments.routes';

/** Which mail template serves which mail of the portal (global settings). */
export const mailTemplateAssignmentsModule = defineModule({
  name: 'mail-template-assignments',
  service: 'api',
  errors: MAIL_TEMPLATE_ASSIGNMENT_ERRORS,
  routes: mailTemplateAssignmentsRoutes,
});
