import type { ServerModule } from '../lib/define-module';
import { auditLogModule } from './audit-log';
import { authModule } from './auth';
import { companiesModule } from './companies';
import { crmModule } from './crm';
import { documentAssignmentModule } from './document-assignment';
import { documentsModule } from './documents';
import { flagsModule } from './flags';
import { mailTemplateAssignmentsModule } from './mail-template-assignments';
import { mailTemplatesModule } from './mail-templates';
import { registrationModule } from './registration';
import { sentMailsModule } from './sent-mails';
import { unitsModule } from './units';

/**
 * Every business area of the server, in mounting order. A new area is one folder under `modules/`
 * with an `index.ts` that exports its `defineModule(…)`, and one line here: the services mount their
 * modules' routes from this list, and the server and `npm run worker` register their jobs from it.
 */
export const modules: readonly ServerModule[] = [
  authModule,
  mailTemplateAssignmentsModule,
  documentAssignmentModule,
  companiesModule,
  unitsModule,
  crmModule,
  flagsModule,
  registrationModule,
  auditLogModule,
  mailTemplatesModule,
  sentMailsModule,
  documentsModule,
];
