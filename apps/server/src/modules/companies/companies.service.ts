import type {
  BankAccountInput,
  Company,
  CompanyCreate,
  CompanyListQuery,
  CompanyOwners,
  CompanyUpdate,
  PartnerRelation,
} from '@cuspid/contracts/companies';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError, type FieldErrors, notFound } from '../../lib/errors';
import { listRecordLabels, type RecordLabels } from '../flags';
import {
  changePartnersPolicy,
  deleteCompanyPolicy,
  landsBelowCreator,
  mayChooseCompanyNumber,
  mayReadCompanyLabels,
  mustKeepInReach,
} from './companies.policy';
import * as repo from './companies.repository';
import { COMPANY_CSV_COLUMNS, csvLine } from './companies-csv';

type PartnerIds = { reseller_id?: string | null; sales_partner_id?: string | null; service_partner_id?: string | null };

const ref = (r: { id: string; companyName: string } | null) =>
  r?.id ? { id: r.id, company_name: r.companyName } : null;

export function toCompany(
  row: repo.CompanyWithPartners,
  accounts: repo.BankAccountRow[],
  labels: Map<string, RecordLabels> | null,
): Company {
  const c = row.company;
  return {
    id: c.id,
    company_name: c.companyName,
    company_number: c.companyNumber,
    vat_id: c.vatId,
    country: c.country,
    address_line1: c.addressLine1,
    address_line2: c.addressLine2,
    city: c.city,
    zip: c.zip,
    invoice_email_address: c.invoiceEmailAddress,
    warning_mail_address: c.warningMailAddress,
    apply_reverse_charge: c.applyReverseCharge,
    external_order_number: c.externalOrderNumber,
    contact_person: c.contactPerson,
    reseller: ref(row.reseller),
    sales_partner: ref(row.salesPartner),
    service_partner: ref(row.servicePartner),
    has_logo: Boolean(c.logoKey),
    is_operator: c.isOperator,
    bank_accounts: accounts
      .filter((a) => a.companyId === c.id)
      .map((a) => ({
        id: a.id,
        account_holder: a.accountHolder,
        bank_name: a.bankName,
        iban: a.iban,
        bic: a.bic,
        is_default: a.isDefault,
      })),
    ...(labels ? { flag: labels.get(c.id)?.flag ?? null, tags: labels.get(c.id)?.tags ?? [] } : {}),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

type FieldInput = Omit<CompanyUpdate, 'bank_accounts' | 'reseller_id' | 'sales_partner_id' | 'service_partner_id'>;

function toValues(input: FieldInput): repo.CompanyValues {
  const values: repo.CompanyValues = {};
  if (input.company_name !== undefined) values.companyName = input.company_name;
  if (input.company_number) values.companyNumber = input.company_number;
  if (input.vat_id !== undefined) values.vatId = input.vat_id;
  if (input.country !== undefined) values.country = input.country;
  if (input.address_line1 !== undefined) values.addressLine1 = input.address_line1;
  if (input.address_line2 !== undefined) values.addressLine2 = input.address_line2;
  if (input.city !== undefined) values.city = input.city;
  if (input.zip !== undefined) values.zip = input.zip;
  if (input.invoice_email_address !== undefined) values.invoiceEmailAddress = input.invoice_email_address;
  if (input.warning_mail_address !== undefined) values.warningMailAddress = input.warning_mail_address;
  if (input.apply_reverse_charge !== undefined) values.applyReverseCharge = input.apply_reverse_charge;
  if (input.external_order_number !== undefined) values.externalOrderNumber = input.external_order_number;
  if (input.contact_person !== undefined) values.contactPerson = input.contact_person;
  return values;
}

function partnerValues(input: PartnerIds): repo.CompanyValues {
  const values: repo.CompanyValues = {};
  if (input.reseller_id !== undefined) values.resellerId = input.reseller_id;
  if (input.sales_partner_id !== undefined) values.salesPartnerId = input.sales_partner_id;
  if (input.service_partner_id !== undefined) values.servicePartnerId = input.service_partner_id;
  return values;
}

function bankAccountValues(accounts: BankAccountInput[]) {
  const defaultIndex = accounts.findIndex((a) => a.is_default);
  return accounts.map((a, i) => ({
    accountHolder: a.account_holder,
    bankName: a.bank_name,
    iban: a.iban,
    bic: a.bic,
    // Exactly one default when there are accounts: the one marked, else the first.
    isDefault: i === (defaultIndex === -1 ? 0 : defaultIndex),
  }));
}

const partnerField: Record<keyof PartnerIds, string> = {
  reseller_id: 'reseller_id',
  sales_partner_id: 'sales_partner_id',
  service_partner_id: 'service_partner_id',
};

/** Named partners must exist and be visible to the actor; a company is never its own partner. */
async function assertPartners(db: DbOrTx, actor: Actor, input: PartnerIds, companyId?: string): Promise<void> {
  const errors: FieldErrors = {};
  let first: AppError | undefined;
  const named = (Object.keys(partnerField) as (keyof PartnerIds)[]).filter((k) => input[k]);
  const visible = new Set(
    await repo.filterVisibleCompanyIds(
      db,
      actor,
      named.map((k) => input[k]!),
    ),
  );
  for (const key of named) {
    const id = input[key]!;
    const refusal =
      id === companyId
        ? new AppError('COMPANY_OWN_PARTNER')
        : !visible.has(id)
          ? new AppError('COMPANY_PARTNER_NOT_FOUND', { params: { field: key } })
          : undefined;
    if (!refusal) continue;
    errors[key] = [refusal.message];
    first ??= refusal;
  }
  if (first) throw new AppError(first.code, { params: first.params ?? {}, errors });
}

/** The reseller chain must not loop back to the company (a reseller cannot sit below its own customer). */
async function assertNoResellerCycle(db: DbOrTx, companyId: string, resellerId: string | null | undefined) {
  if (!resellerId) return;
  const chain = await repo.findResellerChain(db, resellerId);
  if (chain.includes(companyId)) {
    throw fieldRefusal('reseller_id', new AppError('COMPANY_PARTNER_CYCLE', { params: { reseller_id: resellerId } }));
  }
}

/** A partner must still see the company after its change; otherwise it would hand the company out of its reach. */
async function assertStillVisible(db: DbOrTx, actor: Actor, companyId: string) {
  if (!mustKeepInReach(actor)) return;
  if ((await repo.filterVisibleCompanyIds(db, actor, [companyId])).length) return;
  throw fieldRefusal('reseller_id', new AppError('COMPANY_OUT_OF_REACH'));
}

/** An area refusal that also names its field (the form shows it there). */
const fieldRefusal = (field: string, error: AppError) =>
  new AppError(error.code, { params: error.params ?? {}, errors: { [field]: [error.message] } });

/**
 * Company numbers are unique across all companies, so only the back office, which sees every company,
 * chooses them (ADR 0060). A partner's new company gets the next number of the sequence; a partner
 * that names a number (other than the company's own) is refused without looking it up, so the answer
 * never tells whether another partner's company holds it. A number staff choose is claimed: the sequence
 * moves past it, so no later company draws it.
 */
async function claimCompanyNumber(
  db: DbOrTx,
  actor: Actor,
  companyNumber: string | null | undefined,
  current?: { id: string; companyNumber: string },
) {
  if (!companyNumber || companyNumber === current?.companyNumber) return;
  if (!mayChooseCompanyNumber(actor)) {
    throw fieldRefusal('company_number', new AppError('COMPANY_NUMBER_FROM_BACK_OFFICE'));
  }
  const existing = await repo.findCompanyByNumber(db, companyNumber);
  if (existing && existing.id !== current?.id) {
    throw fieldRefusal(
      'company_number',
      new AppError('COMPANY_NUMBER_TAKEN', { params: { company_number: companyNumber } }),
    );
  }
  await repo.keepCompanyNumbersAhead(db, [companyNumber]);
}

async function loadCompany(db: DbOrTx, actor: Actor, id: string): Promise<Company> {
  const row = await repo.findVisibleCompany(db, actor, id);
  if (!row) throw notFound();
  return toCompany(row, await repo.listBankAccounts(db, [id]), await listRecordLabels(db, 'company', [id]));
}

export async function listCompanies(deps: Deps, actor: Actor, query: CompanyListQuery) {
  const { data, total } = await repo.listCompanies(deps.db, actor, query);
  const ids = data.map((r) => r.company.id);
  const [accounts, labels] = [
    await repo.listBankAccounts(deps.db, ids),
    await listRecordLabels(deps.db, 'company', ids),
  ];
  return { data: data.map((row) => toCompany(row, accounts, labels)), total };
}

export const getCompany = (deps: Deps, actor: Actor, id: string) => loadCompany(deps.db, actor, id);

/** The signed-in user's own company (every user may see it). */
export async function getOwnCompany(deps: Deps, actor: Actor): Promise<Company> {
  const row = await repo.findVisibleCompany(deps.db, actor, actor.companyId);
  if (!row) throw notFound();
  // Labels are back-office notes: only those who may label companies read them.
  const labels = mayReadCompanyLabels(actor) ? await listRecordLabels(deps.db, 'company', [actor.companyId]) : null;
  return toCompany(row, await repo.listBankAccounts(deps.db, [actor.companyId]), labels);
}

/**
 * Creates a company. A partner (not staff) who names no partner becomes its reseller, so the new
 * company lands in the partner's reach; any partner it names must be within reach too.
 */
export async function createCompany(deps: Deps, actor: Actor, body: CompanyCreate): Promise<Company> {
  const partners: PartnerIds = { ...body };
  if (landsBelowCreator(actor) && !partners.reseller_id && !partners.sales_partner_id && !partners.service_partner_id) {
    partners.reseller_id = actor.companyId;
  }
  return deps.db.transaction(async (tx) => {
    await assertPartners(tx, actor, partners);
    await claimCompanyNumber(tx, actor, body.company_number);
    const company = await repo.insertCompany(tx, {
      companyName: body.company_name,
      ...toValues(body),
      ...partnerValues(partners),
    });
    await repo.replaceBankAccounts(tx, actor, company.id, bankAccountValues(body.bank_accounts));
    await assertStillVisible(tx, actor, company.id);
    const created = await loadCompany(tx, actor, company.id);
    await recordAudit(tx, actor, {
      entity: 'company',
      entityId: company.id,
      companyId: company.id,
      action: 'create',
      after: created,
    });
    return created;
  });
}

export async function updateCompany(deps: Deps, actor: Actor, id: string, body: CompanyUpdate): Promise<Company> {
  return deps.db.transaction(async (tx) => {
    // Locked: the checks below and the write see the same row.
    const existing = await repo.findVisibleCompany(tx, actor, id, 'update');
    if (!existing) throw notFound();
    const before = toCompany(
      existing,
      await repo.listBankAccounts(tx, [id]),
      await listRecordLabels(tx, 'company', [id]),
    );
    // A partner cannot move its own company within the hierarchy: that is the back office's call.
    if (Object.keys(partnerValues(body)).length > 0) authorize(actor, changePartnersPolicy, existing.company);
    await assertPartners(tx, actor, body, id);
    await assertNoResellerCycle(tx, id, body.reseller_id);
    await claimCompanyNumber(tx, actor, body.company_number, existing.company);
    if (!(await repo.updateCompany(tx, actor, id, { ...toValues(body), ...partnerValues(body) }))) throw notFound();
    if (body.bank_accounts) await repo.replaceBankAccounts(tx, actor, id, bankAccountValues(body.bank_accounts));
    await assertStillVisible(tx, actor, id);
    const after = await loadCompany(tx, actor, id);
    await recordAudit(tx, actor, { entity: 'company', entityId: id, companyId: id, action: 'update', before, after });
    return after;
  });
}

/** Sets a company's reseller, sales partner and service partner (POST /save-company-owners). */
export async function saveCompanyOwners(deps: Deps, actor: Actor, body: CompanyOwners): Promise<Company> {
  const { company_id, ...partners } = body;
  return updateCompany(deps, actor, company_id, partners);
}

/**
 * Deletes a company: it is kept for its history (users, cases and invoices refer to it) but nobody
 * sees it any more and its users can no longer act. Refused for the operator, the actor's own company
 * and a partner that still has companies below it.
 */
export async function deleteCompany(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    // Locked: the rules and the delete see the same company (an edit or a second delete waits).
    const existing = await repo.findVisibleCompany(tx, actor, id, 'update');
    authorize(
      actor,
      deleteCompanyPolicy,
      existing && { company: existing.company, dependants: await repo.countDependants(tx, id) },
    );
    if (!existing || !(await repo.softDeleteCompany(tx, actor, id))) throw notFound();
    const before = toCompany(
      existing,
      await repo.listBankAccounts(tx, [id]),
      await listRecordLabels(tx, 'company', [id]),
    );
    await recordAudit(tx, actor, { entity: 'company', entityId: id, companyId: id, action: 'delete', before });
  });
  return { message: 'The company was deleted' };
}

export async function listPartners(
  deps: Deps,
  actor: Actor,
  query: { type?: PartnerRelation; search?: string; page: number; per_page: number },
) {
  const { data, total } = await repo.listPartnerCompanies(deps.db, actor, query);
  return {
    data: data.map((r) => ({
      id: r.id,
      company_name: r.companyName,
      company_number: r.companyNumber,
      country: r.country,
      types: r.types.filter((t): t is PartnerRelation => ['reseller', 'sales-partner', 'service-partner'].includes(t)),
    })),
    total,
  };
}

/** The companies directly below a partner (default: the actor's own company). */
export async function listPartnerChildren(
  deps: Deps,
  actor: Actor,
  query: { partner_id?: string; search?: string; page: number; per_page: number },
) {
  const partnerId = query.partner_id ?? actor.companyId;
  if (!(await repo.filterVisibleCompanyIds(deps.db, actor, [partnerId])).length) throw notFound();
  const { data, total } = await repo.listChildCompanies(deps.db, actor, partnerId, query);
  return {
    data: data.map((r) => ({
      id: r.id,
      company_name: r.companyName,
      company_number: r.companyNumber,
      country: r.country,
      relations: [
        ...(r.resellerId === partnerId ? (['reseller'] as const) : []),
        ...(r.salesPartnerId === partnerId ? (['sales-partner'] as const) : []),
        ...(r.servicePartnerId === partnerId ? (['service-partner'] as const) : []),
      ],
    })),
    total,
  };
}

const CSV_BATCH = 500;

/**
 * Every company the list would show with the same filters, as CSV lines, read in batches so the
 * export streams whatever its size.
 */
export async function* exportCompaniesCsv(
  deps: Deps,
  actor: Actor,
  query: Omit<CompanyListQuery, 'page' | 'per_page'>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(COMPANY_CSV_COLUMNS.map(([name]) => name))}`;
  for (let page = 1; ; page++) {
    const { data } = await listCompanies(deps, actor, { ...query, page, per_page: CSV_BATCH });
    for (const company of data) yield csvLine(COMPANY_CSV_COLUMNS.map(([, value]) => value(company)));
    if (data.length < CSV_BATCH) return;
  }
}

/**
 * Where a company's invoice mails go (issued invoices, reminders, payment receipts): its invoice address, else its
 * warning address; null when it has neither, and then no mail is sent.
 */
export function invoiceMailAddress(
  company: Pick<repo.CompanyRow, 'invoiceEmailAddress' | 'warningMailAddress'>,
): string | null {
  return invoiceMailAddressOf(company)?.address ?? null;
}

/** invoiceMailAddress, and which of the two addresses it is. */
export function invoiceMailAddressOf(
  company: Pick<repo.CompanyRow, 'invoiceEmailAddress' | 'warningMailAddress'>,
): { address: string; kind: 'invoice-address' | 'warning-address' } | null {
  if (company.invoiceEmailAddress) return { address: company.invoiceEmailAddress, kind: 'invoice-address' };
  if (company.warningMailAddress) return { address: company.warningMailAddress, kind: 'warning-address' };
  return null;
}

/** invoiceMailAddress of a company by id, in one query (null for no such company). */
export async function findInvoiceMailAddress(db: DbOrTx, companyId: string): Promise<string | null> {
  const addresses = await repo.findInvoiceMailAddresses(db, companyId);
  return addresses ? invoiceMailAddress(addresses) : null;
}
