import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Company numbers are drawn from this sequence when none is given (spec section 3: company number). */
export const companyNumberSequence = backend.sequence('company_number_seq', { startWith: 100001 });

/** A customer, partner or the operator itself (spec section 3: Company). */
export const companies = backend.table(
  'companies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyName: text('company_name').notNull(),
    /** Unique; drawn from company_number_seq when not given. */
    companyNumber: text('company_number').notNull().default(sql`nextval('backend.company_number_seq')::text`),
    vatId: text('vat_id'),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    zip: text('zip'),
    invoiceEmailAddress: text('invoice_email_address'),
    warningMailAddress: text('warning_mail_address'),
    applyReverseCharge: boolean('apply_reverse_charge').notNull().default(false),
    externalOrderNumber: text('external_order_number'),
    contactPerson: text('contact_person'),
    /** Partner hierarchy (ADR 0050): resellers see their companies transitively, sales and service partners directly. */
    resellerId: uuid('reseller_id').references((): AnyPgColumn => companies.id),
    salesPartnerId: uuid('sales_partner_id').references((): AnyPgColumn => companies.id),
    servicePartnerId: uuid('service_partner_id').references((): AnyPgColumn => companies.id),
    /** Storage key of the logo. */
    logoKey: text('logo_key'),
    /** The operator's own company: back-office staff belong to it and see every company. */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Deleted companies are kept (their users, cases and invoices refer to them) but nobody sees them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_company_number_idx').on(t.companyNumber),
    index('companies_reseller_idx').on(t.resellerId),
    index('companies_sales_partner_idx').on(t.salesPartnerId),
    index('companies_service_partner_idx').on(t.servicePartnerId),
    index('companies_country_idx').on(t.country),
    /** Substring search of company names (user list and company list, ADR 0070). */
    index('companies_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    // The other columns the company list searches (ADR 0085): with every arm of its OR indexed, a rare term
    // is a BitmapOr of these instead of a scan of every company.
    index('companies_number_trgm_idx').using('gin', t.companyNumber.op('gin_trgm_ops')),
    index('companies_city_trgm_idx').using('gin', t.city.op('gin_trgm_ops')),
    index('companies_vat_id_trgm_idx').using('gin', t.vatId.op('gin_trgm_ops')),
    index('companies_contact_person_trgm_idx').using('gin', t.contactPerson.op('gin_trgm_ops')),
  ],
);

/** Bank accounts of a company (spec section 3: bank details and accounts); at most one is the default. */
export const companyBankAccounts = backend.table(
  'company_bank_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder'),
    bankName: text('bank_name'),
    iban: text('iban').notNull(),
    bic: text('bic'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('company_bank_accounts_company_idx').on(t.companyId)],
);
