import { DEFAULT_CURRENCY } from '@cuspid/contracts';
import type {
  InvoicePlan,
  InvoicePlanQuery,
  InvoiceSummary,
  InvoiceSummaryFigures,
  InvoiceSummaryMail,
  InvoiceSummaryMailResponse,
  InvoiceSummaryQuery,
} from '@cuspid/contracts/invoices';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { type CsvValue, csvCents, csvLine } from '../../lib/csv';
import { formatMoney } from '../../lib/money';
import { sendMail } from '../sent-mails';
import { findOperatorCompany } from '../users';
import { INVOICE_CSV_COLUMNS, invoiceCsvLine, yieldToOtherRequests } from './invoices.csv';
import * as repo from './invoices.exports.repository';
import type { InvoiceExportRange } from './invoices.schema';

// The exports of ADR 0107: the invoices issued since the caller's last export, the receivables plan, and the
// summary by month, country and VAT treatment (as a file, as JSON, or by mail).

const BATCH = 1000;
/** A running export that wrote nothing for this long died with its process: its numbers go into the next one. */
const STALE_EXPORT_MS = 10 * 60_000;
/**
 * A CSV line ending in amounts: the cells as every export writes them, then each amount as a bare decimal
 * (`csvCents`: a negative amount, a credit note's, stays a number for the spreadsheet).
 */
const amountLine = (cells: CsvValue[], amounts: number[]) => csvLine([...cells, ...amounts.map(csvCents)]);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const BOM = '\uFEFF';

// --- Invoices issued since the last export ---------------------------------------------------------

const callerOf = (actor: Actor): repo.ExportCaller => ({
  userId: actor.userId,
  apiKeyId: actor.kind === 'api-key' ? actor.apiKeyId : null,
});

/**
 * Claims the caller's next numbers (ADR 0107): under the caller's lock, the numbers issued (committed) after the
 * highest it claimed before, per year, and the runs of its failed exports, recorded as a running export.
 */
async function claimExport(deps: Deps, actor: Actor, now: Date): Promise<repo.InvoiceExportRow> {
  const caller = callerOf(actor);
  return deps.db.transaction(async (tx) => {
    await repo.lockExportsOf(tx, caller);
    await repo.failStaleExports(tx, caller, new Date(now.getTime() - STALE_EXPORT_MS));
    const failed = await repo.unrecoveredExports(tx, caller);
    const claimed = await repo.claimedThrough(tx, caller);
    const fresh = (await repo.issuedThrough(tx)).flatMap(({ year, lastSequence }): InvoiceExportRange[] => {
      const after = claimed.get(year) ?? 0;
      return lastSequence > after ? [{ year, after, through: lastSequence }] : [];
    });
    const ranges = [...failed.flatMap((f) => f.ranges), ...fresh].sort((a, b) => a.year - b.year || a.after - b.after);
    const row = await repo.insertExport(tx, { ...caller, companyId: actor.companyId, ranges });
    await repo.markRecovered(
      tx,
      failed.map((f) => f.id),
      row.id,
    );
    return row;
  });
}

/** Writes a claimed export: its numbers in order, in batches; done when the file was written to the end. */
async function* writeExport(deps: Deps, actor: Actor, claim: repo.InvoiceExportRow): AsyncGenerator<string> {
  let written = 0;
  let complete = false;
  try {
    yield `${BOM}${csvLine(INVOICE_CSV_COLUMNS.map(([name]) => name))}`;
    for (const range of claim.ranges) {
      let after = range.after;
      for (;;) {
        const { rows, lastSequence } = await repo.issuedInvoiceBatch(deps.db, actor, range, after, BATCH);
        let chunk = '';
        for (const row of rows) chunk += invoiceCsvLine(row);
        written += rows.length;
        if (chunk) yield chunk;
        if (rows.length < BATCH || lastSequence === undefined) break;
        after = lastSequence;
        await repo.touchExport(deps.db, claim.id, written);
        await yieldToOtherRequests();
      }
    }
    complete = true;
  } finally {
    // A download broken off (or a failed read) gives its numbers back to the caller's next export.
    await repo.finishExport(deps.db, claim.id, complete ? 'done' : 'failed', written);
  }
}

/**
 * GET /invoices/download/latest-csv: the invoices and credit notes issued since the caller's last export, as the
 * invoice CSV, in number order. The claim is made (and recorded) before the answer starts; the file streams.
 */
export async function latestInvoicesCsv(deps: Deps, actor: Actor, now = new Date()): Promise<AsyncGenerator<string>> {
  const claim = await claimExport(deps, actor, now);
  return writeExport(deps, actor, claim);
}

// --- The receivables plan --------------------------------------------------------------------------

/** GET /invoices/export-invoice-plan as JSON: the periods of the plan with their sums. */
export async function invoicePlan(deps: Deps, actor: Actor, query: InvoicePlanQuery, now = new Date()) {
  const today = isoDay(now);
  const buckets = await repo.planBuckets(deps.db, actor, { today, group: query.group, companyId: query.company_id });
  return {
    as_of: today,
    group: query.group,
    buckets: buckets.map((b) => ({
      bucket: b.bucket,
      from: b.from,
      to: b.to,
      currency: b.currency,
      invoice_count: b.invoiceCount,
      net: b.net,
      tax: b.tax,
      total: b.total,
    })),
  } satisfies InvoicePlan;
}

const PLAN_CSV_HEADER = [
  'row',
  'bucket',
  'bucket_from',
  'bucket_to',
  'number',
  'type',
  'company_id',
  'company_name',
  'invoice_date',
  'due_date',
  'days_overdue',
  'dunning_level',
  'invoices',
  'currency',
  'net',
  'tax',
  'total',
];

type PlanSum = { count: number; net: number; tax: number; total: number };
const addTo = (sums: Map<string, PlanSum>, currency: string, row: { net: number; tax: number; total: number }) => {
  const sum = sums.get(currency) ?? { count: 0, net: 0, tax: 0, total: 0 };
  sums.set(currency, {
    count: sum.count + 1,
    net: sum.net + row.net,
    tax: sum.tax + row.tax,
    total: sum.total + row.total,
  });
};

/** The sum lines of a period (`bucket`) or of the whole plan (`total`), one per currency. */
function sumLines(kind: 'bucket' | 'total', sums: Map<string, PlanSum>, period?: repo.PlanInvoiceRow): string {
  let lines = '';
  for (const [currency, sum] of [...sums].sort(([a], [b]) => a.localeCompare(b))) {
    lines += amountLine(
      [
        kind,
        period?.bucket ?? null,
        period?.from ?? null,
        period?.to ?? null,
        ...Array<null>(8).fill(null),
        sum.count,
        currency,
      ],
      [sum.net, sum.tax, sum.total],
    );
  }
  return lines;
}

/**
 * GET /invoices/export-invoice-plan as CSV: every open invoice by due date, overdue first, each period closed by
 * its sum line (per currency) and the file by the plan's total; read in keyset batches, summed as the rows pass,
 * so the file streams with flat memory and adds up to its own lines.
 */
export async function* invoicePlanCsv(
  deps: Deps,
  actor: Actor,
  query: InvoicePlanQuery,
  now = new Date(),
): AsyncGenerator<string> {
  const options = { today: isoDay(now), group: query.group, companyId: query.company_id };
  yield `${BOM}${csvLine(PLAN_CSV_HEADER)}`;
  const grand = new Map<string, PlanSum>();
  let period = new Map<string, PlanSum>();
  let current: repo.PlanInvoiceRow | undefined;
  let after: repo.PlanCursor | undefined;
  for (;;) {
    const { rows, cursor } = await repo.planInvoiceBatch(deps.db, actor, options, after, BATCH);
    let chunk = '';
    for (const row of rows) {
      if (current && row.bucket !== current.bucket) {
        chunk += sumLines('bucket', period, current);
        period = new Map();
      }
      current = row;
      chunk += amountLine(
        [
          'invoice',
          row.bucket,
          row.from,
          row.to,
          row.number,
          row.type,
          row.companyId,
          row.companyName,
          row.invoiceDate,
          row.dueDate,
          row.daysOverdue,
          row.dunningLevel,
          null,
          row.currency,
        ],
        [row.netCents, row.taxCents, row.totalCents],
      );
      const amounts = { net: row.netCents, tax: row.taxCents, total: row.totalCents };
      addTo(period, row.currency, amounts);
      addTo(grand, row.currency, amounts);
    }
    if (rows.length < BATCH) {
      if (current) chunk += sumLines('bucket', period, current);
      chunk += sumLines('total', grand);
      yield chunk;
      return;
    }
    if (chunk) yield chunk;
    after = cursor;
  }
}

// --- The summary -----------------------------------------------------------------------------------

const zero = (currency: string): InvoiceSummaryFigures => ({
  currency,
  invoice_count: 0,
  credit_note_count: 0,
  net: 0,
  tax: 0,
  total: 0,
});

const figuresOf = (row: repo.SummaryFiguresRow): InvoiceSummaryFigures => ({
  currency: row.currency,
  invoice_count: row.invoiceCount,
  credit_note_count: row.creditNoteCount,
  net: row.net,
  tax: row.tax,
  total: row.total,
});

/**
 * GET /invoices/export-invoice-summary as JSON: the issued invoices and credit notes of a year (or a month of it)
 * the actor may see, summed by PostgreSQL; every month of the period is listed (at zero without invoices) in
 * each currency that occurs (the default currency when none does).
 */
export async function invoiceSummary(
  deps: Deps,
  actor: Actor,
  query: Pick<InvoiceSummaryQuery, 'year' | 'month'>,
): Promise<InvoiceSummary> {
  const sellerCountry = (await findOperatorCompany(deps.db))?.country ?? null;
  const rows = await repo.summaryRows(deps.db, actor, { year: query.year, month: query.month, sellerCountry });
  const currencies = rows.totals.length ? rows.totals.map((t) => t.currency) : [DEFAULT_CURRENCY];
  const months = query.month ? [query.month] : Array.from({ length: 12 }, (_, i) => i + 1);
  return {
    year: query.year,
    month: query.month ?? null,
    seller_country: sellerCountry,
    months: months.flatMap((month) =>
      currencies.map((currency) => {
        const found = rows.months.find((r) => r.month === month && r.currency === currency);
        return { ...(found ? figuresOf(found) : zero(currency)), month };
      }),
    ),
    breakdown: rows.breakdown.map((r) => ({ ...figuresOf(r), country: r.country, vat_treatment: r.vatTreatment })),
    totals: currencies.map((currency) => {
      const found = rows.totals.find((r) => r.currency === currency);
      return found ? figuresOf(found) : zero(currency);
    }),
  };
}

const SUMMARY_CSV_HEADER = [
  'section',
  'year',
  'month',
  'country',
  'vat_treatment',
  'currency',
  'invoices',
  'credit_notes',
  'net',
  'tax',
  'total',
];

/**
 * The summary as one CSV table: a `month` line per month and currency, a `country` line per country, VAT
 * treatment and currency, and a `total` line per currency (the `section` column tells them apart).
 */
export function summaryCsv(summary: InvoiceSummary): string {
  const line = (
    section: string,
    month: number | null,
    country: string | null,
    treatment: string | null,
    f: InvoiceSummaryFigures,
  ) =>
    amountLine(
      [section, summary.year, month, country, treatment, f.currency, f.invoice_count, f.credit_note_count],
      [f.net, f.tax, f.total],
    );
  return [
    `${BOM}${csvLine(SUMMARY_CSV_HEADER)}`,
    ...summary.months.map((m) => line('month', m.month, null, null, m)),
    ...summary.breakdown.map((b) => line('country', summary.month, b.country, b.vat_treatment, b)),
    ...summary.totals.map((t) => line('total', summary.month, null, null, t)),
  ].join('');
}

/** The period a summary covers, as its file and mail name it: `2026` or `2026-03`. */
export const summaryPeriod = (query: { year: number; month?: number | undefined }) =>
  query.month ? `${query.year}-${String(query.month).padStart(2, '0')}` : String(query.year);

/**
 * POST /invoices/send-summary-mail: the summary of a period through the outbox (delivered by the mail job), to
 * the addresses named or else to the caller, with the summary CSV attached; the caller's language picks the text.
 */
export async function sendSummaryMail(
  deps: Deps,
  actor: Actor,
  body: InvoiceSummaryMail,
): Promise<InvoiceSummaryMailResponse> {
  const summary = await invoiceSummary(deps, actor, body);
  const mailbox = await repo.findMailbox(deps.db, actor.userId);
  const recipients = body.to ? [...new Set(body.to)] : mailbox ? [mailbox.mail] : [];
  const language = mailbox?.language ?? 'en';
  const period = summaryPeriod(body);
  const totals = summary.totals.find((t) => t.currency === DEFAULT_CURRENCY) ?? summary.totals[0]!;
  const money = (cents: number) => formatMoney(cents, totals.currency, language);
  const attachment = {
    filename: `invoice-summary-${period}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: Buffer.from(summaryCsv(summary)).toString('base64'),
  };
  await deps.db.transaction(async (tx) => {
    for (const to of recipients) {
      await sendMail(deps, tx, {
        event: 'invoice.summary',
        to,
        language,
        companyId: actor.companyId,
        variables: {
          period,
          invoice_count: totals.invoice_count,
          credit_note_count: totals.credit_note_count,
          net: money(totals.net),
          tax: money(totals.tax),
          total: money(totals.total),
        },
        attachments: [attachment],
      });
    }
  });
  return {
    message: `The invoice summary ${period} was queued for ${recipients.length} recipient${recipients.length === 1 ? '' : 's'}`,
    recipients,
  };
}
