import type { ServerModule } from '../lib/define-module';
import { assembleErrorTable, installErrorTable } from '../lib/errors';
import { accountModule } from './account';
import { accountLinksModule } from './account-links';
import { apiKeysModule } from './api-keys';
import { auditLogModule } from './audit-log';
import { caseResultsModule } from './case-results';
import { casesModule } from './cases';
import { companiesModule } from './companies';
import { contentModule } from './content';
import { countryCreditsModule } from './country-credits';
import { couponsModule } from './coupons';
import { creditsModule } from './credits';
import { crmModule } from './crm';
import { documentAssignmentModule } from './document-assignment';
import { documentsModule } from './documents';
import { flagsModule } from './flags';
import { invoicesModule } from './invoices';
import { mailTemplateAssignmentsModule } from './mail-template-assignments';
import { mailTemplatesModule } from './mail-templates';
import { newsModule } from './news';
import { packagesModule } from './packages';
import { paymentsModule } from './payments';
import { permissionsModule } from './permissions';
import { purchasesModule } from './purchases';
import { registrationModule } from './registration';
import { reminderLevelsModule } from './reminder-levels';
import { rolesModule } from './roles';
import { defineSearchModule } from './search';
import { sentMailsModule } from './sent-mails';
import { sessionsModule } from './sessions';
import { settingsModule } from './settings';
import { ticketsModule } from './tickets';
import { twoFactorModule } from './two-factor';
import { unitsModule } from './units';
import { uploadsModule } from './uploads';
import { usersModule } from './users';

/**
 * Every business area of the server, in mounting order. A new area is one folder under `modules/`
 * with an `index.ts` that exports its `defineModule(…)`, and one line here: the services mount their
 * modules' routes from this list, the server and `npm run worker` register their jobs from it, and the
 * global search runs the search providers they declare.
 */
const areas: readonly ServerModule[] = [
  sessionsModule,
  twoFactorModule,
  accountModule,
  accountLinksModule,
  usersModule,
  rolesModule,
  permissionsModule,
  apiKeysModule,
  mailTemplateAssignmentsModule,
  documentAssignmentModule,
  companiesModule,
  unitsModule,
  creditsModule,
  crmModule,
  flagsModule,
  couponsModule,
  packagesModule,
  countryCreditsModule,
  invoicesModule,
  paymentsModule,
  purchasesModule,
  reminderLevelsModule,
  casesModule,
  caseResultsModule,
  registrationModule,
  auditLogModule,
  mailTemplatesModule,
  sentMailsModule,
  documentsModule,
  uploadsModule,
  ticketsModule,
  newsModule,
  contentModule,
  settingsModule,
];

/** The areas, and the global search over them. */
export const modules: readonly ServerModule[] = [...areas, defineSearchModule(areas)];

/** Every error code the server answers with: the general ones and each area's `errors` (AppError reads it). */
export const errorTable = installErrorTable(assembleErrorTable(modules));
