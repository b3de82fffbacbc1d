// Every table of the product, gathered for Drizzle (the client's `schema`) and drizzle-kit (drizzle.config.ts).
// Each table belongs to the module of its area (`modules/<area>/<area>.schema.ts`, ADR 0130): only that module
// queries it; outside db/ only tests import this file.

export * from '../../modules/account/account.schema';
export * from '../../modules/account-links/account-links.schema';
export * from '../../modules/api-keys/api-keys.schema';
export * from '../../modules/audit-log/audit-log.schema';
export * from '../../modules/case-results/case-results.schema';
export * from '../../modules/cases/cases.schema';
export * from '../../modules/companies/companies.schema';
export * from '../../modules/content/content.schema';
export * from '../../modules/country-credits/country-credits.schema';
export * from '../../modules/coupons/coupons.schema';
export * from '../../modules/credits/credits.schema';
export * from '../../modules/crm/crm.schema';
export * from '../../modules/document-assignment/document-assignment.schema';
export * from '../../modules/documents/documents.schema';
export * from '../../modules/flags/flags.schema';
export * from '../../modules/invoices/invoices.schema';
export * from '../../modules/mail-template-assignments/mail-template-assignments.schema';
export * from '../../modules/mail-templates/mail-templates.schema';
export * from '../../modules/news/news.schema';
export * from '../../modules/packages/packages.schema';
export * from '../../modules/payments/payments.schema';
export * from '../../modules/permissions/permissions.schema';
export * from '../../modules/registration/registration.schema';
export * from '../../modules/reminder-levels/reminder-levels.schema';
export * from '../../modules/roles/roles.schema';
export * from '../../modules/sent-mails/sent-mails.schema';
export * from '../../modules/sessions/sessions.schema';
export * from '../../modules/settings/settings.schema';
export * from '../../modules/tickets/tickets.schema';
export * from '../../modules/two-factor/two-factor.schema';
export * from '../../modules/units/units.schema';
export * from '../../modules/uploads/uploads.schema';
export * from '../../modules/users/users.schema';
export * from './namespaces';
