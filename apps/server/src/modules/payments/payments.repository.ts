import type { PaymentHistoryPdfQuery, PaymentHistoryQuery } from '@cuspid/contracts/payments';
import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companies, companyBankAccounts } from '../companies/companies.schema';
import { invoiceNumberOf } from '../invoices/invoices.tables';
import { paymentEvents, payments } from './payments.schema';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentView = PaymentRow & { invoiceNumber: string | null; companyName: string };
// The invoices a payment settles, read, locked and marked paid by the invoices' own queries (ADR 0130).
export type { InvoiceRecord as PayableInvoice, LockedInvoice } from '../invoices/invoices.tables';
export {
  findVisibleInvoiceRecord as findVisibleInvoice,
  lockInvoice,
  lockInvoicesByNumber,
  markInvoicePaid,
} from '../invoices/invoices.tables';

/** What has been paid of an invoice so far (paid payments only), in cents. */
export async function paidSum(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'paid')));
  return Number(row!.sum);
}

/**
 * Records a payment unless the provider reported the same reference before: then nothing is written and
 * undefined comes back (a statement imported twice, a webhook delivered twice).
 */
export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Locks a provider's reference until the transaction ends: the holder alone decides whether it was recorded
 * before. Keyed by a hash: a collision only makes two references wait for each other.
 */
export async function lockReference(db: DbOrTx, provider: string, reference: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('backend.payments'), hashtext(${`${provider}:${reference}`}))`,
  );
}

export async function findPaymentByReference(db: DbOrTx, provider: string, reference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
  return row;
}

/** Notes a provider event as handled; false when it was handled before. */
export async function claimEvent(db: DbOrTx, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

/** The bank account a company is paid on: its default one, else its first. */
export async function findPayeeAccount(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.companyId, companyId))
    .orderBy(desc(companyBankAccounts.isDefault), asc(companyBankAccounts.position), asc(companyBankAccounts.createdAt))
    .limit(1);
  return row;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function historyFilter(actor: Actor, query: PaymentHistoryPdfQuery): SQL | undefined {
  const search = query.search ? likePattern(query.search) : undefined;
  return and(
    companyScope(actor, payments.companyId),
    query.status ? eq(payments.status, query.status) : undefined,
    query.provider ? eq(payments.provider, query.provider) : undefined,
    query.company_id ? eq(payments.companyId, query.company_id) : undefined,
    query.invoice_id ? eq(payments.invoiceId, query.invoice_id) : undefined,
    query.from ? gte(payments.createdAt, sql`${query.from}::date`) : undefined,
    query.to ? lt(payments.createdAt, sql`${nextDay(query.to)}::date`) : undefined,
    search
      ? or(
          sql`${invoiceNumberOf(payments.invoiceId)} ilike ${search}`,
          sql`${companies.companyName} ilike ${search}`,
          sql`${payments.reference} ilike ${search}`,
        )
      : undefined,
  );
}

function historyQuery(db: DbOrTx) {
  return db
    .select({
      payment: payments,
      invoiceNumber: invoiceNumberOf(payments.invoiceId),
      companyName: companies.companyName,
    })
    .from(payments)
    .innerJoin(companies, eq(companies.id, payments.companyId));
}

const flatten = (rows: { payment: PaymentRow; invoiceNumber: string | null; companyName: string }[]): PaymentView[] =>
  rows.map(({ payment, ...rest }) => ({ ...payment, ...rest }));

const SORT = { created_at: payments.createdAt, amount: payments.amountCents } as const;

/** One page of the payments the actor may see (its companies', or every one for staff), newest first by default. */
export async function listPayments(db: DbOrTx, actor: Actor, query: PaymentHistoryQuery) {
  const where = historyFilter(actor, query);
  const order = query.sort_dir === 'desc' ? desc : asc;
  const page = await listPage(
    db,
    historyQuery(db)
      .where(where)
      .orderBy(order(SORT[query.sort_by]), order(payments.createdAt), order(payments.id))
      .$dynamic(),
    db.select(oneRow).from(payments).innerJoin(companies, eq(companies.id, payments.companyId)).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: flatten(page.data), total: page.total };
}

/** Every payment of the filters (at most `limit`), for the history's PDF. */
export async function allPayments(db: DbOrTx, actor: Actor, query: PaymentHistoryPdfQuery, limit: number) {
  const order = query.sort_dir === 'desc' ? desc : asc;
  return flatten(
    await historyQuery(db)
      .where(historyFilter(actor, query))
      .orderBy(order(SORT[query.sort_by]), order(payments.createdAt), order(payments.id))
      .limit(limit),
  );
}

/** The name of a company the actor may see; undefined for another company (not found). */
export async function findVisibleCompanyName(db: DbOrTx, actor: Actor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: companies.companyName })
    .from(companies)
    .where(and(eq(companies.id, id), companyScope(actor, companies.id)));
  return row?.name;
}

export { findUserMail } from '../users/users.tables';
