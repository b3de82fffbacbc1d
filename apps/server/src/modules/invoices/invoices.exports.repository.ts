import { EU_COUNTRY_CODES } from '@cuspid/contracts/companies';
import type { InvoicePlanGrouping, InvoiceVatTreatment } from '@cuspid/contracts/invoices';
import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companyNameOf } from '../companies/companies.tables';
import { users } from '../users/users.schema';
import { creditNote, type InvoiceView, invoiceViewQuery } from './invoices.repository';
import { type InvoiceExportRange, invoiceExports, invoiceNumberCounters, invoices } from './invoices.schema';

/** A sum or count as PostgreSQL answers it (bigint arrives as text from a server, as a number from PGlite). */
const toNumber = (value: unknown) => Number(value ?? 0);

// --- Exports since the last one -------------------------------------------------------------------

export type InvoiceExportRow = typeof invoiceExports.$inferSelect;
/** Whose feed an export belongs to: a signed-in user's, or one of its API keys'. */
export type ExportCaller = { userId: string; apiKeyId: string | null };

const exportsOf = (caller: ExportCaller) =>
  and(
    eq(invoiceExports.userId, caller.userId),
    caller.apiKeyId ? eq(invoiceExports.apiKeyId, caller.apiKeyId) : isNull(invoiceExports.apiKeyId),
  );

/**
 * Holds the caller's export claims until the transaction ends: a second export of the same caller waits here
 * and then sees the first one's claim.
 */
export async function lockExportsOf(tx: DbOrTx, caller: ExportCaller): Promise<void> {
  const key = `${caller.userId}/${caller.apiKeyId ?? ''}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backend.invoice_exports'), hashtext(${key}))`);
}

/** Running exports of the caller that gave no sign of life since `before`: their stream died with its process. */
export async function failStaleExports(tx: DbOrTx, caller: ExportCaller, before: Date): Promise<void> {
  await tx
    .update(invoiceExports)
    .set({ status: 'failed', finishedAt: new Date() })
    .where(and(exportsOf(caller), eq(invoiceExports.status, 'running'), lt(invoiceExports.updatedAt, before)));
}

/** The caller's failed exports whose numbers no later export took over yet. */
export async function unrecoveredExports(
  tx: DbOrTx,
  caller: ExportCaller,
): Promise<Pick<InvoiceExportRow, 'id' | 'ranges'>[]> {
  return tx
    .select({ id: invoiceExports.id, ranges: invoiceExports.ranges })
    .from(invoiceExports)
    .where(and(exportsOf(caller), eq(invoiceExports.status, 'failed'), isNull(invoiceExports.recoveredBy)))
    .orderBy(asc(invoiceExports.createdAt));
}

/** The highest number sequence per year the caller's exports have claimed. */
export async function claimedThrough(tx: DbOrTx, caller: ExportCaller): Promise<Map<number, number>> {
  const rows = await queryRows<{ year: number; through: unknown }>(
    tx,
    sql`select r.year, max(r.through) as through
        from ${invoiceExports} cross join jsonb_to_recordset(${invoiceExports.ranges}) as r(year int, after int, through int)
        where ${exportsOf(caller)}
        group by r.year`,
  );
  return new Map(rows.map((row) => [toNumber(row.year), toNumber(row.through)]));
}

/**
 * The last number sequence issued per year, as committed: issuing takes the year's counter row with its lock and
 * numbers in the same transaction, so every number up to the committed counter belongs to a committed invoice.
 */
export async function issuedThrough(tx: DbOrTx): Promise<{ year: number; lastSequence: number }[]> {
  return tx
    .select({ year: invoiceNumberCounters.year, lastSequence: invoiceNumberCounters.lastSequence })
    .from(invoiceNumberCounters)
    .orderBy(asc(invoiceNumberCounters.year));
}

export async function insertExport(tx: DbOrTx, values: typeof invoiceExports.$inferInsert): Promise<InvoiceExportRow> {
  const [row] = await tx.insert(invoiceExports).values(values).returning();
  return row!;
}

export async function markRecovered(tx: DbOrTx, ids: string[], by: string): Promise<void> {
  if (ids.length) await tx.update(invoiceExports).set({ recoveredBy: by }).where(inArray(invoiceExports.id, ids));
}

/** A running export's sign of life, with the rows written so far. */
export async function touchExport(db: DbOrTx, id: string, rowCount: number): Promise<void> {
  await db
    .update(invoiceExports)
    .set({ rowCount, updatedAt: new Date() })
    .where(and(eq(invoiceExports.id, id), eq(invoiceExports.status, 'running')));
}

/** Ends a running export (one already given up as stale stays failed). */
export async function finishExport(db: DbOrTx, id: string, status: 'done' | 'failed', rowCount: number): Promise<void> {
  const now = new Date();
  await db
    .update(invoiceExports)
    .set({ status, rowCount, updatedAt: now, finishedAt: now })
    .where(and(eq(invoiceExports.id, id), eq(invoiceExports.status, 'running')));
}

export async function findExport(db: DbOrTx, id: string): Promise<InvoiceExportRow | undefined> {
  const [row] = await db.select().from(invoiceExports).where(eq(invoiceExports.id, id));
  return row;
}

/**
 * The next `limit` invoices of one run of a year's numbers after `afterSequence`, in number order, that the actor
 * may see (the unique index on year and sequence reads just them).
 */
export async function issuedInvoiceBatch(
  db: DbOrTx,
  actor: Actor,
  range: InvoiceExportRange,
  afterSequence: number,
  limit: number,
): Promise<{ rows: InvoiceView[]; lastSequence: number | undefined }> {
  const rows = await invoiceViewQuery(db)
    .where(
      and(
        companyScope(actor, invoices.companyId),
        eq(invoices.numberYear, range.year),
        sql`${invoices.numberSequence} > ${Math.max(range.after, afterSequence)}`,
        sql`${invoices.numberSequence} <= ${range.through}`,
      ),
    )
    .orderBy(asc(invoices.numberSequence))
    .limit(limit);
  return {
    rows: rows.map(({ invoice, companyName, creditNoteId }) => ({ ...invoice, companyName, creditNoteId })),
    lastSequence: rows.at(-1)?.invoice.numberSequence ?? undefined,
  };
}

// --- The receivables plan -------------------------------------------------------------------------

/** The open invoices (issued, unpaid) the plan covers: the actor's scope, one company if asked. */
function openInvoices(actor: Actor, companyId: string | undefined): SQL | undefined {
  return and(
    eq(invoices.status, 'open'),
    companyScope(actor, invoices.companyId),
    companyId ? eq(invoices.companyId, companyId) : undefined,
  );
}

/**
 * Which period of the plan an open invoice falls in, and the first and last due day of that period: `overdue`
 * (due before `today`), else its ISO week or month, from `today` at the earliest.
 */
function planPeriod(today: string, group: InvoicePlanGrouping) {
  const due = invoices.dueDate;
  const day = sql`${today}::date`;
  const start = group === 'week' ? sql`date_trunc('week', ${due})::date` : sql`date_trunc('month', ${due})::date`;
  const end =
    group === 'week'
      ? sql`(date_trunc('week', ${due}) + interval '6 days')::date`
      : sql`(date_trunc('month', ${due}) + interval '1 month' - interval '1 day')::date`;
  const label = group === 'week' ? sql`to_char(${due}, 'IYYY-"W"IW')` : sql`to_char(${due}, 'YYYY-MM')`;
  return {
    due,
    bucket: sql<string>`case when ${due} < ${day} then 'overdue' else ${label} end`,
    from: sql<string | null>`case when ${due} < ${day} then null else greatest(${start}, ${day})::text end`,
    to: sql<string>`case when ${due} < ${day} then (${day} - 1)::text else ${end}::text end`,
    daysOverdue: sql<number>`greatest(${day} - ${due}, 0)`,
  };
}

export type PlanBucketRow = {
  bucket: string;
  from: string | null;
  to: string;
  currency: string;
  invoiceCount: number;
  net: number;
  tax: number;
  total: number;
};

/** The plan's periods with their sums, overdue first, then in time (summed by PostgreSQL). */
export async function planBuckets(
  db: DbOrTx,
  actor: Actor,
  options: { today: string; group: InvoicePlanGrouping; companyId?: string | undefined },
): Promise<PlanBucketRow[]> {
  const period = planPeriod(options.today, options.group);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with planned as (
          select ${period.bucket} as bucket, ${period.from} as period_from, ${period.to} as period_to,
                 ${invoices.currency} as currency, ${invoices.netCents} as net, ${invoices.taxCents} as tax,
                 ${invoices.totalCents} as total
          from ${invoices}
          where ${openInvoices(actor, options.companyId)}
        )
        select bucket, period_from, period_to, currency, count(*)::int as invoice_count,
               sum(net)::bigint as net, sum(tax)::bigint as tax, sum(total)::bigint as total
        from planned
        group by bucket, period_from, period_to, currency
        order by period_from nulls first, currency`,
  );
  return rows.map((row) => ({
    bucket: String(row.bucket),
    from: (row.period_from as string | null) ?? null,
    to: String(row.period_to),
    currency: String(row.currency),
    invoiceCount: toNumber(row.invoice_count),
    net: toNumber(row.net),
    tax: toNumber(row.tax),
    total: toNumber(row.total),
  }));
}

export type PlanInvoiceRow = InvoiceView & { bucket: string; from: string | null; to: string; daysOverdue: number };
/** Where a batch of the plan ended: the last invoice's due date and id. */
export type PlanCursor = { due: string; id: string };

/** The next `limit` open invoices of the plan after `after`, by due date (a keyset, like the CSV export). */
export async function planInvoiceBatch(
  db: DbOrTx,
  actor: Actor,
  options: { today: string; group: InvoicePlanGrouping; companyId?: string | undefined },
  after: PlanCursor | undefined,
  limit: number,
): Promise<{ rows: PlanInvoiceRow[]; cursor: PlanCursor | undefined }> {
  const period = planPeriod(options.today, options.group);
  const rows = await db
    .select({
      invoice: invoices,
      companyName: companyNameOf(invoices.companyId),
      creditNoteId: sql<string | null>`${creditNote}.id`,
      due: sql<string>`${period.due}::text`,
      bucket: period.bucket,
      from: period.from,
      to: period.to,
      daysOverdue: period.daysOverdue.mapWith(Number),
    })
    .from(invoices)
    .leftJoin(sql`${invoices} as credit_note`, sql`${creditNote}.cancels_invoice_id = ${invoices.id}`)
    .where(
      and(
        openInvoices(actor, options.companyId),
        after ? sql`(${period.due}, ${invoices.id}) > (${after.due}::date, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(period.due), asc(invoices.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ invoice, companyName, creditNoteId, bucket, from, to, daysOverdue }) => ({
      ...invoice,
      companyName,
      creditNoteId,
      bucket,
      from,
      to,
      daysOverdue,
    })),
    cursor: last ? { due: last.due, id: last.invoice.id } : undefined,
  };
}

// --- The summary ----------------------------------------------------------------------------------

export type SummaryFiguresRow = {
  currency: string;
  invoiceCount: number;
  creditNoteCount: number;
  net: number;
  tax: number;
  total: number;
};
export type SummaryRows = {
  months: (SummaryFiguresRow & { month: number })[];
  breakdown: (SummaryFiguresRow & { country: string | null; vatTreatment: InvoiceVatTreatment })[];
  totals: SummaryFiguresRow[];
};

/**
 * The issued invoices and credit notes of `year` (one month of it, if asked) that the actor may see, summed by
 * PostgreSQL in one pass: by month of issue, by the buyer's country and VAT treatment (from the billing address
 * frozen at issue and the reverse charge), and for the whole period; each per currency. Credit notes carry
 * negative amounts, so the sums net them. A cancelled invoice stays counted: its credit note takes it back.
 */
export async function summaryRows(
  db: DbOrTx,
  actor: Actor,
  options: { year: number; month?: number | undefined; sellerCountry: string | null },
): Promise<SummaryRows> {
  const { year, month } = options;
  const pad = (n: number) => String(n).padStart(2, '0');
  const from = `${year}-${pad(month ?? 1)}-01`;
  const to = month && month < 12 ? `${year}-${pad(month + 1)}-01` : `${year + 1}-01-01`;
  const country = sql`${invoices.billingAddress}->>'country'`;
  const treatment = sql`case
      when ${invoices.reverseCharge} then 'eu-reverse-charge'
      when coalesce(${country}, '') = '' or ${country} = ${options.sellerCountry ?? ''} then 'domestic'
      when ${country} in ${[...EU_COUNTRY_CODES]} then 'eu-taxed'
      else 'outside-eu' end`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with issued as (
          select extract(month from ${invoices.invoiceDate})::int as month, ${country} as country,
                 ${treatment} as vat_treatment, ${invoices.currency} as currency, ${invoices.type} as type,
                 ${invoices.netCents} as net, ${invoices.taxCents} as tax, ${invoices.totalCents} as total
          from ${invoices}
          where ${and(
            sql`${invoices.status} <> 'draft'`,
            // The number's year is the year of issue: its index finds the year's invoices.
            eq(invoices.numberYear, year),
            sql`${invoices.invoiceDate} >= ${from}::date`,
            sql`${invoices.invoiceDate} < ${to}::date`,
            companyScope(actor, invoices.companyId),
          )}
        )
        select grouping(month) = 0 as by_month, grouping(vat_treatment) = 0 as by_country,
               month, country, vat_treatment, currency,
               count(*) filter (where type = 'invoice')::int as invoice_count,
               count(*) filter (where type = 'credit-note')::int as credit_note_count,
               sum(net)::bigint as net, sum(tax)::bigint as tax, sum(total)::bigint as total
        from issued
        group by grouping sets ((month, currency), (country, vat_treatment, currency), (currency))
        order by month nulls last, country nulls first, vat_treatment, currency`,
  );
  const figures = (row: Record<string, unknown>): SummaryFiguresRow => ({
    currency: String(row.currency),
    invoiceCount: toNumber(row.invoice_count),
    creditNoteCount: toNumber(row.credit_note_count),
    net: toNumber(row.net),
    tax: toNumber(row.tax),
    total: toNumber(row.total),
  });
  const result: SummaryRows = { months: [], breakdown: [], totals: [] };
  for (const row of rows) {
    if (row.by_month) result.months.push({ ...figures(row), month: toNumber(row.month) });
    else if (row.by_country)
      result.breakdown.push({
        ...figures(row),
        country: (row.country as string | null) ?? null,
        vatTreatment: row.vat_treatment as InvoiceVatTreatment,
      });
    else result.totals.push(figures(row));
  }
  return result;
}

/** Where the summary mail goes by default, and in which language: the caller's own address. */
export async function findMailbox(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ mail: users.mail, language: users.contactLanguage })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
