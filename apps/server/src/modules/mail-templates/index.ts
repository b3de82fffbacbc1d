import { MAIL_TEMPLATE_ERRORS, MAIL_TEMPLATE_PERMISSION_CATALOGUE } from '@cuspid/contracts/mail';
import { defineModule } from '../../lib/define-module';
import { mailTemplatesRoutes } from './mail-templates.routes';
import { mailTemplatesSearch } from './mail-templates.search';

export { checkTemplateSyntax, MailTemplateError, pickContent, renderMail } from './mail-render';
export {
  concealSecrets,
  HIDDEN_LINK,
  holdsSecrets,
  revealSecrets,
  secretVariablesOf,
  withPlaceholders,
} from './mail-secrets';
export { assertMayChangeLinkMails } from './mail-templates.policy';
export {
  eventsAssignedTo,
  findTemplate,
  findTemplateForEvent,
  type MailTemplateRow,
  seedMailTemplates,
} from './mail-templates.repository';

/** Mail templates per event and language, their preview and their default seed (ADR 0040). */
export const mailTemplatesModule = defineModule({
  name: 'mail-templates',
  service: 'mail',
  errors: MAIL_TEMPLATE_ERRORS,
  routes: mailTemplatesRoutes,
  search: [mailTemplatesSearch],
  permissions: MAIL_TEMPLATE_PERMISSION_CATALOGUE,
  auditKinds: ['mail-template'],
});
