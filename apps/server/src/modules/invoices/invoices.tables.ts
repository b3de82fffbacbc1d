import { checkInvoiceTransition, INVOICE_STATUSES } from '@cuspid/contracts/invoices';
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { AppError, notFound } from '../../lib/errors';
import { invoices } from './invoices.schema';

// What other areas may ask of the invoices' tables (ADR 0130): payments settle invoices, credits name them.

/** An invoice as stored. */
export type InvoiceRecord = typeof invoices.$inferSelect;

declare const locked: unique symbol;
/** An invoice read under its row lock (lockInvoice), held until the caller's transaction ends. */
export type LockedInvoice = InvoiceRecord & { readonly [locked]: true };

/** Locks an invoice for a payment: payments of one invoice follow each other, so it is settled once. */
export async function lockInvoice(db: DbOrTx, id: string): Promise<LockedInvoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row as LockedInvoice | undefined;
}

/**
 * Issued invoices by number, for matching a bank statement line, locked like lockInvoice. Locked in the order of
 * their ids, so two lines naming the same invoices in another order wait for each other instead of deadlocking.
 */
export async function lockInvoicesByNumber(db: DbOrTx, numbers: string[]): Promise<LockedInvoice[]> {
  if (!numbers.length) return [];
  const rows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.number, numbers))
    .orderBy(asc(invoices.id))
    .for('update');
  return rows as LockedInvoice[];
}

/** An invoice the actor may see (another company's is not found). */
export async function findVisibleInvoiceRecord(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), companyScope(actor, invoices.companyId)));
  return row;
}

/** The statuses the invoice transitions let an invoice be marked paid from. */
const PAYABLE_STATUSES = INVOICE_STATUSES.filter((from) => checkInvoiceTransition(from, 'paid') === null);

/**
 * Marks an invoice paid, the one way another area changes an invoice's status: only from a status the invoice
 * transitions allow (an open invoice); any other is refused (INVOICE_STATUS_REFUSED) and nothing is written.
 */
export async function markInvoicePaid(db: DbOrTx, id: string, paidAt: Date): Promise<void> {
  const marked = await db
    .update(invoices)
    .set({ status: 'paid', paidAt, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), inArray(invoices.status, PAYABLE_STATUSES)))
    .returning({ id: invoices.id });
  if (marked.length) return;
  const [row] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound();
  throw new AppError('INVOICE_STATUS_REFUSED', { params: { from: row.status, to: 'paid' } });
}

/** The number of the invoice `invoiceId` names (null for a draft), as a column of another area's list. */
export const invoiceNumberOf = (invoiceId: SQLWrapper): SQL<string | null> =>
  sql`(select i.number from ${invoices} i where i.id = ${invoiceId})`;
