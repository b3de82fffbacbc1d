import type {
  BankImportResult,
  BankLineOutcome,
  BankTransferInstructions,
  Payment,
  PaymentHistoryPdfQuery,
  PaymentHistoryQuery,
  PaymentProvider,
} from '@cuspid/contracts/payments';
import { BANK_LINE_OUTCOMES, PAYMENT_PDF_MAX_ROWS } from '@cuspid/contracts/payments';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/errors';
import { findOperatorCompany } from '../users';
import { readBankStatement, type StatementLine } from './payments.bank-statement';
import { cardCheckout } from './payments.methods';
import { renderPaymentHistoryPdf } from './payments.pdf';
import { assertMayImportStatements } from './payments.policy';
import type { CardCheckout } from './payments.providers';
import * as repo from './payments.repository';
import { outstanding, recordLockedPayment, type Settlement } from './payments.settle';

export function toPayment(row: repo.PaymentView): Payment {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    company_id: row.companyId,
    company_name: row.companyName,
    provider: row.provider as PaymentProvider,
    reference: row.reference,
    status: row.status as Payment['status'],
    amount: row.amountCents,
    currency: row.currency,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
  };
}

/** The company a filter names, if any: another company, out of the caller's reach, is not found. */
async function companyFilterName(deps: Deps, actor: Actor, companyId: string | undefined) {
  if (!companyId) return undefined;
  const name = await repo.findVisibleCompanyName(deps.db, actor, companyId);
  if (name === undefined) throw notFound();
  return name;
}

/** GET /get-payment-history: the payments the caller may see (its companies', or all for the back office). */
export async function listPaymentHistory(deps: Deps, actor: Actor, query: PaymentHistoryQuery) {
  await companyFilterName(deps, actor, query.company_id);
  const { data, total } = await repo.listPayments(deps.db, actor, query);
  return { data: data.map(toPayment), total };
}

/** GET /get-payment-history-pdf: the history's filters as a PDF table (at most PAYMENT_PDF_MAX_ROWS payments). */
export async function paymentHistoryPdf(deps: Deps, actor: Actor, query: PaymentHistoryPdfQuery) {
  const rows = await repo.allPayments(deps.db, actor, query, PAYMENT_PDF_MAX_ROWS + 1);
  const company = await companyFilterName(deps, actor, query.company_id);
  const seller = await findOperatorCompany(deps.db);
  return renderPaymentHistoryPdf(rows.slice(0, PAYMENT_PDF_MAX_ROWS).map(toPayment), {
    issuer: seller?.companyName ?? '',
    truncated: rows.length > PAYMENT_PDF_MAX_ROWS,
    filters: [
      company ? `Company: ${company}` : null,
      query.status ? `Status: ${query.status}` : null,
      query.provider ? `Method: ${query.provider}` : null,
      query.from ? `From: ${query.from}` : null,
      query.to ? `To: ${query.to}` : null,
      query.search ? `Search: ${query.search}` : null,
    ].filter((f): f is string => f !== null),
  });
}

/** The operator's account that a bank transfer goes to, as invoices and payment instructions name it. */
export type TransferAccount = { accountHolder: string | null; bankName: string | null; iban: string; bic: string };

/**
 * The account invoices are paid to by bank transfer: the seller's (the operator company's) default bank account, else
 * its first, when it has both an IBAN and a BIC; undefined when there is no seller, no account, or it lacks either.
 */
export async function findTransferAccount(
  db: DbOrTx,
  seller: { id: string } | undefined,
): Promise<TransferAccount | undefined> {
  const account = seller ? await repo.findPayeeAccount(db, seller.id) : undefined;
  const iban = account?.iban.trim();
  const bic = account?.bic?.trim();
  if (!account || !iban || !bic) return undefined;
  return { accountHolder: account.accountHolder, bankName: account.bankName, iban, bic };
}

/**
 * findTransferAccount, or OPERATOR_BANK_ACCOUNT_MISSING: an invoice to be paid by bank transfer is not issued
 * without saying where the money goes (issue 29).
 */
export async function requireTransferAccount(db: DbOrTx, seller: { id: string } | undefined): Promise<TransferAccount> {
  const account = await findTransferAccount(db, seller);
  if (!account) throw new AppError('OPERATOR_BANK_ACCOUNT_MISSING');
  return account;
}

/**
 * How to pay an invoice by bank transfer: the operator's account, and the invoice number as the reference. `seller`
 * is the operator company as the caller read it (findOperatorCompany; undefined when there is none).
 * OPERATOR_BANK_ACCOUNT_MISSING when it has no account with IBAN and BIC.
 */
export async function bankTransferInstructions(
  db: DbOrTx,
  seller: { id: string; companyName: string } | undefined,
  invoice: { number: string | null; totalCents: number; currency: string },
  paidCents = 0,
): Promise<BankTransferInstructions> {
  const account = await requireTransferAccount(db, seller);
  return {
    account_holder: account.accountHolder ?? seller?.companyName ?? null,
    bank_name: account.bankName,
    iban: account.iban,
    bic: account.bic,
    reference: invoice.number ?? '',
    amount: outstanding(invoice.totalCents, paidCents),
    currency: invoice.currency,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Opens a card checkout for what is outstanding of an issued invoice the caller may see (another company's is
 * not found). PAYMENT_METHOD_UNAVAILABLE when card payment is not set up here.
 */
export async function startCheckout(
  deps: Deps,
  actor: Actor,
  invoiceId: string,
  db: DbOrTx = deps.db,
): Promise<{ checkout_url: string }> {
  const invoice = await repo.findVisibleInvoice(db, actor, invoiceId);
  if (!invoice) throw notFound();
  if (invoice.status !== 'open' || invoice.type !== 'invoice' || !invoice.number)
    throw new AppError('INVOICE_NOT_PAYABLE');
  const checkout = cardCheckout(deps);
  if (!checkout) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { params: { method: 'card' } });
  const amountCents = outstanding(invoice.totalCents, await repo.paidSum(db, invoice.id));
  if (amountCents <= 0) throw new AppError('INVOICE_NOT_PAYABLE');
  const back = `${deps.config.publicUrl}/payment-history?invoice=${encodeURIComponent(invoice.id)}`;
  const { url } = await checkout.startCheckout({
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    amountCents,
    currency: invoice.currency,
    description: `Invoice ${invoice.number}`,
    customerMail: await repo.findUserMail(db, actor.userId),
    successUrl: `${back}&checkout=done`,
    cancelUrl: `${back}&checkout=cancelled`,
    day: today(),
  });
  return { checkout_url: url };
}

/**
 * POST /payments/stripe/webhook: a signed event from Stripe. Each event is handled once (a delivery seen before
 * is acknowledged and changes nothing); a payment it reports is recorded and settles its invoice.
 */
export async function handleStripeWebhook(deps: Deps, body: Buffer, signature: string | undefined) {
  const checkout = cardCheckout(deps);
  if (!checkout) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { params: { method: 'card' } });
  const event = readEvent(deps, checkout, body, signature);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, 'stripe', event.id, event.type))) return { received: true, handled: 'duplicate' };
    if (!event.payment) return { received: true, handled: 'ignored' };
    // An invoice id the portal does not know (another installation's test event) is acknowledged, not retried.
    const invoice = UUID.test(event.payment.invoiceId)
      ? await repo.lockInvoice(tx, event.payment.invoiceId)
      : undefined;
    if (!invoice) return { received: true, handled: 'unknown-invoice' };
    // Recorded under the lock just taken (held until the commit): recordLockedPayment does not lock it again.
    const settlement = await recordLockedPayment(deps, tx, invoice, { ...event.payment, provider: 'stripe' });
    if (settlement.outcome === 'refused') {
      // Acknowledged (a redelivery would be refused again) and kept as a failed payment; the log tells the operator.
      const reason = settlement.payment?.failureReason;
      deps.logger.warn(
        { provider: 'stripe', event: event.id, type: event.type, invoice: invoice.id, reason },
        `Stripe event ${event.id} refused, nothing booked: ${reason}`,
      );
    }
    return { received: true, handled: settlement.outcome };
  });
}

/** A delivery's event; one refused (not genuine, or no event the portal can read) is logged, then answered 400. */
function readEvent(deps: Deps, checkout: CardCheckout, body: Buffer, signature: string | undefined) {
  try {
    return checkout.readEvent(body, signature);
  } catch (error) {
    if (error instanceof AppError)
      deps.logger.warn(
        { provider: checkout.name, code: error.code, bytes: body.length },
        `${checkout.name} delivery refused: ${error.message}`,
      );
    throw error;
  }
}

type LineResult = BankImportResult['results'][number];

async function importLine(deps: Deps, actor: Actor, line: StatementLine): Promise<LineResult> {
  const result = (outcome: BankLineOutcome, invoiceNumber: string | null, message: string | null): LineResult => ({
    line: line.line,
    outcome,
    invoice_number: invoiceNumber,
    amount: line.amountCents,
    message,
  });
  if (line.amountCents === null) return result('ignored', null, 'The amount could not be read');
  if (line.amountCents <= 0) return result('ignored', null, 'Money paid out, not received');
  if (!line.numbers.length) return result('unmatched', null, 'The purpose names no invoice number');
  const received = line.amountCents;
  return deps.db.transaction(async (tx) => {
    // One import at a time decides about a line: the same statement imported twice at once waits here until the
    // other import's line is committed, and then finds its payments.
    await repo.lockReference(tx, 'bank-transfer', line.reference);
    // A line split over several invoices was recorded as `<reference>/1`, `/2`, …
    const before =
      (await repo.findPaymentByReference(tx, 'bank-transfer', line.reference)) ??
      (await repo.findPaymentByReference(tx, 'bank-transfer', `${line.reference}/1`));
    if (before) return result('duplicate', line.numbers[0]!, 'Imported before');
    // Locked before what they have outstanding is read: another line paying them waits, so the split is decided on
    // what is paid, and the payments below are recorded under these locks.
    const variants = line.numbers.flatMap((n) => [n, n.toUpperCase(), n.toLowerCase()]);
    const found = await repo.lockInvoicesByNumber(tx, [...new Set(variants)]);
    const named = line.numbers
      .map((n) => found.find((invoice) => invoice.number?.toUpperCase() === n.toUpperCase()))
      .filter((invoice): invoice is repo.LockedInvoice => Boolean(invoice));
    if (!named.length) return result('unmatched', line.numbers[0]!, `No invoice ${line.numbers.join(', ')}`);
    const open = named.filter((invoice) => invoice.status === 'open' && invoice.type === 'invoice');
    if (!open.length)
      return result(
        'unmatched',
        named[0]!.number,
        `Invoice ${named[0]!.number} is ${named[0]!.status}, not awaiting payment`,
      );
    const first = open[0]!;
    if (line.currency && line.currency !== first.currency)
      return result('ignored', first.number, `Paid in ${line.currency}, the invoice is in ${first.currency}`);
    // One transfer for several invoices: split when it pays exactly what they have outstanding together.
    const dues = await Promise.all(
      open.map(async (invoice) => outstanding(invoice.totalCents, await repo.paidSum(tx, invoice.id))),
    );
    const split = open.length > 1 && dues.reduce((a, b) => a + b, 0) === received;
    const parts = split ? open.map((invoice, i) => [invoice, dues[i]!] as const) : [[first, received] as const];
    const settlements: Settlement[] = [];
    for (const [i, [invoice, amountCents]] of parts.entries()) {
      const settlement = await recordLockedPayment(deps, tx, invoice, {
        provider: 'bank-transfer',
        reference: parts.length > 1 ? `${line.reference}/${i + 1}` : line.reference,
        status: 'paid',
        amountCents,
        currency: invoice.currency,
        details: { purpose: line.purpose, payer: line.payer, booked_on: line.date },
        actor,
      });
      settlements.push(settlement);
    }
    return lineOutcome(settlements, parts.map(([invoice]) => invoice.number).join(', '), result);
  });
}

/**
 * A line's outcome from what its payments recorded, not from what was read before: a reference found recorded
 * after all (the unique index on provider and reference) is a duplicate, never a part payment.
 */
function lineOutcome(
  settlements: Settlement[],
  numbers: string,
  result: (outcome: BankLineOutcome, invoiceNumber: string | null, message: string | null) => LineResult,
): LineResult {
  const recorded = settlements.filter((s) => s.outcome === 'recorded');
  const refused = settlements.find((s) => s.outcome === 'refused');
  if (!recorded.length && refused) return result('ignored', numbers, refused.payment?.failureReason ?? null);
  if (!recorded.length) return result('duplicate', numbers, 'Imported before');
  return recorded.every((s) => s.invoicePaid)
    ? result('paid', numbers, null)
    : result('partial', numbers, `Part payment: ${numbers} stays open for the rest`);
}

/**
 * POST /payments/bank-import: a bank statement (CSV) matched line by line to issued invoices by the numbers in
 * its purpose lines. Each line is recorded in its own transaction; a line imported before is not recorded again.
 */
export async function importBankStatement(deps: Deps, actor: Actor, bytes: Uint8Array): Promise<BankImportResult> {
  assertMayImportStatements(actor);
  const lines = readBankStatement(bytes, (await deps.settings.get('invoices')).number_pattern);
  const results: LineResult[] = [];
  for (const line of lines) results.push(await importLine(deps, actor, line));
  const counts = Object.fromEntries(BANK_LINE_OUTCOMES.map((o) => [o, 0])) as Record<BankLineOutcome, number>;
  for (const r of results) counts[r.outcome] += 1;
  return { lines: lines.length, results, counts };
}
