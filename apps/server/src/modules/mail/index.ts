import { defineModule } from '../../lib/define-module';
import { mailJobs } from './mail.jobs';
import { mailRoutes } from './mail.routes';

export { assertMayChangeLinkMails } from './mail.policy';
export { seedMailTemplates } from './mail.repository';
export { sendMail } from './send-mail';

/** The mail service: templates, sending through the outbox, delivery (ADR 0040). */
export const mailModule = defineModule({ name: 'mail', service: 'mail', routes: mailRoutes, jobs: mailJobs });
