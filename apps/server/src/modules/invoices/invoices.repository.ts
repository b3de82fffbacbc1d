import type { InvoiceCsvQuery, InvoiceListQuery } from '@cuspid/contracts/invoices';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { rankedSearch, SEARCH_CANDIDATES, searchMatch } from '../../db/search-match';
import { nextYearlySequence } from '../../db/yearly-counter';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companies } from '../companies/companies.schema';
import { readsIssuedOnly } from './invoices.policy';
import { invoiceLines, invoiceNumberCounters, invoiceReminders, invoices } from './invoices.schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceView = InvoiceRow & { companyName: string; creditNoteId: string | null };
export type CompanyBilling = typeof companies.$inferSelect;

/** The alias of the credit note joined to an invoice (the one that cancels it). */
export const creditNote = sql`credit_note`;

/** An invoice with its company's name and the credit note that cancels it (lists, exports, one invoice). */
export function invoiceViewQuery(db: DbOrTx) {
  return db
    .select({
      invoice: invoices,
      companyName: companies.companyName,
      creditNoteId: sql<string | null>`${creditNote}.id`,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(sql`${invoices} as credit_note`, sql`${creditNote}.cancels_invoice_id = ${invoices.id}`);
}

const flatten = (rows: { invoice: InvoiceRow; companyName: string; creditNoteId: string | null }[]) =>
  rows.map(({ invoice, ...rest }) => ({ ...invoice, ...rest }));

const SORT = {
  created_at: invoices.createdAt,
  invoice_date: invoices.invoiceDate,
  due_date: invoices.dueDate,
  number: invoices.number,
  total: invoices.totalCents,
} as const;

/**
 * The invoices an actor may see: every company's for staff, the companies in its scope otherwise (ADR 0050); of
 * those, a reader through the payment history's permission sees no draft (ADR 0118).
 */
const visible = (actor: Actor): SQL | undefined =>
  and(companyScope(actor, invoices.companyId), readsIssuedOnly(actor) ? ne(invoices.status, 'draft') : undefined);

/** The invoices of the list's filters and search, in the actor's scope. */
function invoiceFilter(actor: Actor, query: InvoiceCsvQuery): SQL | undefined {
  const search = query.search ? likePattern(query.search) : undefined;
  return and(
    visible(actor),
    query.status ? eq(invoices.status, query.status) : undefined,
    query.type ? eq(invoices.type, query.type) : undefined,
    query.company_id ? eq(invoices.companyId, query.company_id) : undefined,
    query.from ? gte(invoices.invoiceDate, query.from) : undefined,
    query.to ? lte(invoices.invoiceDate, query.to) : undefined,
    search ? or(sql`${invoices.number} ilike ${search}`, sql`${companies.companyName} ilike ${search}`) : undefined,
  );
}

export async function listInvoices(db: DbOrTx, actor: Actor, query: InvoiceListQuery) {
  const where = invoiceFilter(actor, query);
  const order = query.sort_dir === 'desc' ? desc : asc;
  const page = await listPage(
    db,
    invoiceViewQuery(db)
      .where(where)
      .orderBy(order(SORT[query.sort_by]), order(invoices.createdAt), order(invoices.id))
      .$dynamic(),
    db.select(oneRow).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: flatten(page.data), total: page.total };
}

/**
 * Invoices for the global search (ADR 0080): by number or company name, in the actor's scope like the list. The
 * first SEARCH_CANDIDATES matches are ranked (an exact or prefix number first), then the newest.
 */
export function searchInvoices(db: DbOrTx, actor: Actor, term: string, limit: number) {
  const match = searchMatch(term, [invoices.number], [companies.companyName]);
  const candidates = db
    .select({
      id: invoices.id,
      number: invoices.number,
      type: invoices.type,
      status: invoices.status,
      companyName: companies.companyName,
      createdAt: invoices.createdAt,
      rank: sql<number>`${match.rank}`.as('rank'),
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(visible(actor), match.where))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  return rankedSearch(
    db,
    candidates,
    ['id', 'number', 'type', 'status', 'companyName'],
    [desc(candidates.createdAt)],
    limit,
  );
}

/** An invoice the actor may see (another company's is not found). */
export async function findVisibleInvoice(db: DbOrTx, actor: Actor, id: string): Promise<InvoiceView | undefined> {
  return flatten(await invoiceViewQuery(db).where(and(eq(invoices.id, id), visible(actor))))[0];
}

/** Locks and returns the invoice if the actor may see it: every change of an invoice starts here. */
export async function lockVisibleInvoice(db: DbOrTx, actor: Actor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), visible(actor)))
    .for('update');
  return row;
}

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyBilling | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function listLines(db: DbOrTx, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

export async function insertInvoice(db: DbOrTx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function updateInvoice(
  db: DbOrTx,
  id: string,
  values: Partial<typeof invoices.$inferInsert>,
): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function deleteInvoice(db: DbOrTx, id: string): Promise<void> {
  await db.delete(invoices).where(eq(invoices.id, id));
}

/** Replaces an invoice's lines (positions from 1, in the order given). */
export async function replaceLines(
  db: DbOrTx,
  invoiceId: string,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>[],
): Promise<void> {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length) {
    await db.insert(invoiceLines).values(lines.map((line, i) => ({ ...line, invoiceId, position: i + 1 })));
  }
}

/**
 * The next number sequence of `year`, under the year's counter row lock until the transaction ends (ADR 0105):
 * a rolled-back issue gives the number back, and concurrent issues wait for each other, so numbers run on
 * without gaps or repeats.
 */
export function nextNumberSequence(db: DbOrTx, year: number): Promise<number> {
  return nextYearlySequence(db, invoiceNumberCounters, year);
}

export type ReminderRow = typeof invoiceReminders.$inferSelect;

/**
 * Issued invoices that dunning may have to remind of on `today`: unpaid, not paused, past their due date, the
 * oldest due first; at most `limit`, after `afterId` (for batches). `companyIds` narrows them to some companies.
 */
export async function dunningCandidates(
  db: DbOrTx,
  today: string,
  limit: number,
  options: { afterId?: string | undefined; companyIds?: readonly string[] | undefined } = {},
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'open'),
        eq(invoices.type, 'invoice'),
        eq(invoices.dunningPaused, false),
        sql`${invoices.dueDate} < ${today}::date`,
        options.afterId ? sql`${invoices.id} > ${options.afterId}` : undefined,
        options.companyIds ? inArray(invoices.companyId, [...options.companyIds]) : undefined,
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/** Locks an invoice for a dunning step, or none when another worker holds it (it reminds of it then). */
export async function lockForDunning(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update', { skipLocked: true });
  return row;
}

export async function insertReminder(db: DbOrTx, values: typeof invoiceReminders.$inferInsert): Promise<void> {
  await db.insert(invoiceReminders).values(values);
}

export async function listReminders(db: DbOrTx, invoiceId: string): Promise<ReminderRow[]> {
  return db
    .select()
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId))
    .orderBy(asc(invoiceReminders.step));
}

/** Where an export batch ended: the last row's creation time as PostgreSQL wrote it (microseconds kept) and id. */
export type InvoiceCursor = { createdAt: string; id: string };

/**
 * The next `limit` invoices of the filter after `after` in the order of creation (a keyset: each batch reads only its
 * own rows, however far the export has come), with the cursor of the last.
 */
export async function invoiceBatch(
  db: DbOrTx,
  actor: Actor,
  query: InvoiceCsvQuery,
  after: InvoiceCursor | undefined,
  limit: number,
): Promise<{ rows: InvoiceView[]; cursor: InvoiceCursor | undefined }> {
  const rows = await db
    .select({
      invoice: invoices,
      companyName: companies.companyName,
      creditNoteId: sql<string | null>`${creditNote}.id`,
      createdAtText: sql<string>`${invoices.createdAt}::text`,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(sql`${invoices} as credit_note`, sql`${creditNote}.cancels_invoice_id = ${invoices.id}`)
    .where(
      and(
        invoiceFilter(actor, query),
        after
          ? sql`(${invoices.createdAt}, ${invoices.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ invoice, companyName, creditNoteId }) => ({ ...invoice, companyName, creditNoteId })),
    cursor: last ? { createdAt: last.createdAtText, id: last.invoice.id } : undefined,
  };
}
