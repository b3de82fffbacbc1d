import { apiKeyPaths } from '../features/api-keys/paths';
import { casePaths } from '../features/cases/paths';
import { companyPaths } from '../features/companies/paths';
import { contentPaths } from '../features/content/paths';
import { couponPaths } from '../features/coupons/paths';
import { documentAssignmentPaths } from '../features/document-assignment/paths';
import { documentTemplatePaths } from '../features/document-templates/paths';
import { reminderLevelPaths } from '../features/invoice-reminder-levels/paths';
import { invoicePaths } from '../features/invoices/paths';
import { mailTemplatePaths } from '../features/mail-templates/paths';
import { newsPaths } from '../features/news/paths';
import { packagePaths } from '../features/packages/paths';
import { permissionPaths } from '../features/permissions/paths';
import { registrationPaths } from '../features/registration/paths';
import { rolePaths } from '../features/roles/paths';
import { ticketPaths } from '../features/tickets/paths';
import { userPaths } from '../features/users/paths';

/**
 * The page of a record, by the kind the audit trail names it (`AUDIT_ENTITIES`, kebab-case), built from the
 * features' own paths. A kind with a page per record links to that page; a kind the product keeps once (a
 * setting) links to its settings page; a kind without a page of its own (a session, a booking, a note) has none.
 */
const RECORD_PATHS: Record<string, (id: string) => string> = {
  user: userPaths.userShow,
  company: companyPaths.customerShow,
  case: casePaths.caseShow,
  invoice: invoicePaths.invoiceShow,
  ticket: ticketPaths.ticketEdit,
  news: newsPaths.newsShow,
  'coupon-code': couponPaths.couponShow,
  package: packagePaths.packageShow,
  role: rolePaths.roleEdit,
  permission: permissionPaths.permissionEdit,
  'api-key': apiKeyPaths.apiKeyEdit,
  'mail-template': mailTemplatePaths.mailTemplateEdit,
  'document-template': documentTemplatePaths.documentTemplateShow,
  'reminder-level': reminderLevelPaths.reminderLevelEdit,
  'country-credit': () => packagePaths.countryCredits,
  'country-package': () => packagePaths.countryCredits,
  'credit-settings': () => packagePaths.creditSettings,
  'registration-configuration': () => registrationPaths.registrationConfiguration,
  'global-configuration': () => contentPaths.globalConfiguration,
  'mail-template-assignment': () => mailTemplatePaths.mailTemplateAssignment,
  'document-assignment': () => documentAssignmentPaths.documentAssignment,
};

/** An id that goes into a path as it is (the records' ids are UUIDs); anything else gets no link. */
const PLAIN_ID = /^[\w.-]+$/;

/** The page of record `id` of kind `entity`, or undefined for a kind without a page (or an id unfit for a path). */
export function recordPath(entity: string, id: string): string | undefined {
  const path = Object.hasOwn(RECORD_PATHS, entity) ? RECORD_PATHS[entity] : undefined;
  return path && PLAIN_ID.test(id) ? path(id) : undefined;
}
