import type { InvoiceCsvQuery, InvoiceListItem } from '@cuspid/contracts/invoices';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { type CsvValue, csvCents, csvLine } from '../../lib/csv';
import * as repo from './invoices.repository';
import { toListItem } from './invoices.service';

/** The invoice list as CSV (GET /invoices/download/csv): its columns, one line per invoice, the streamed export. */

const CSV_BATCH = 1000;

const INVOICE_CSV_COLUMNS: [string, (i: InvoiceListItem) => CsvValue][] = [
  ['number', (i) => i.number],
  ['type', (i) => i.type],
  ['status', (i) => i.status],
  ['invoice_date', (i) => i.invoice_date],
  ['due_date', (i) => i.due_date],
  ['company_id', (i) => i.company_id],
  ['company_name', (i) => i.company_name],
  ['currency', (i) => i.currency],
  ['net', (i) => csvCents(i.net)],
  ['tax', (i) => csvCents(i.tax)],
  ['total', (i) => csvCents(i.total)],
  ['reverse_charge', (i) => i.reverse_charge],
  ['cancels_invoice_id', (i) => i.cancels_invoice_id],
  ['dunning_level', (i) => i.dunning_level],
  ['paid_at', (i) => i.paid_at],
  ['cancelled_at', (i) => i.cancelled_at],
  ['id', (i) => i.id],
  ['created_at', (i) => i.created_at],
];

/** One invoice as a line of the invoice CSV (each row converted once, not once per column). */
function invoiceCsvLine(row: repo.InvoiceView): string {
  const item = toListItem(row);
  return csvLine(INVOICE_CSV_COLUMNS.map(([, value]) => value(item)));
}

/**
 * Between two batches of an export: lets the other requests run. On the embedded database the queries run on this
 * thread, and an export that never waits would hold every other request until it ends (bench/invoices: 21 s for
 * 200,000 rows).
 */
export const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * GET /invoices/download/csv: every invoice of the list's filters, oldest first, as CSV lines, read in keyset
 * batches so that the export streams with flat memory whatever its size.
 */
export async function* exportInvoicesCsv(deps: Deps, actor: Actor, query: InvoiceCsvQuery): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(INVOICE_CSV_COLUMNS.map(([name]) => name))}`;
  let after: repo.InvoiceCursor | undefined;
  for (;;) {
    const { rows, cursor } = await repo.invoiceBatch(deps.db, actor, query, after, CSV_BATCH);
    let chunk = '';
    for (const row of rows) chunk += invoiceCsvLine(row);
    if (chunk) yield chunk;
    if (rows.length < CSV_BATCH) return;
    after = cursor;
    await yieldToOtherRequests();
  }
}

/** What the other exports of invoices (latest-csv, the plan) share with this one. */
export { INVOICE_CSV_COLUMNS, invoiceCsvLine };
