import { defineModule } from '../../lib/define-module';
import { sentMailsJobs } from './sent-mails.jobs';
import { sentMailsRoutes } from './sent-mails.routes';

export { sendMail } from './send-mail';

/** Sending through the outbox, delivery (SMTP or the log) and the sent-mail viewer (ADR 0040). */
export const sentMailsModule = defineModule({
  name: 'sent-mails',
  service: 'mail',
  routes: sentMailsRoutes,
  jobs: sentMailsJobs,
});
