import type { CreditType } from '@cuspid/contracts/credits';
import type { PaymentProvider, PaymentStatus } from '@cuspid/contracts/payments';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { emit } from '../../lib/events';
import { formatMoney } from '../../lib/money';
import { findInvoiceMailAddress } from '../companies';
import { sendMail } from '../sent-mails';
import * as repo from './payments.repository';

/**
 * Settling invoices (ADR 0106): every way money arrives ends here, inside the caller's transaction, under the
 * invoice's row lock. A payment covering what is outstanding marks the invoice paid and emits `invoice.paid`
 * (ADR 0131), once: the invoice leaves `open` once. What follows from it is the reacting areas' (credits books a
 * package invoice's credits).
 */

export type PaymentReport = {
  invoiceId: string;
  provider: PaymentProvider;
  /** The provider's id of the payment; null when staff record it by hand. */
  reference: string | null;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  failureReason?: string | null | undefined;
  details?: Record<string, string | number | boolean | null> | undefined;
  /** The staff member recording it; none when a provider reported it. */
  actor?: Actor | undefined;
  at?: Date | undefined;
};

export type Settlement = {
  /**
   * `duplicate`: the provider reported this reference before, nothing was written. `refused`: the report cannot be
   * a payment of this invoice (paymentRefusal); it was recorded as a failed payment with the reason, nothing else.
   */
  outcome: 'recorded' | 'duplicate' | 'refused';
  payment: repo.PaymentRow | undefined;
  /** Whether this payment settled the invoice (it was open and is paid now). */
  invoicePaid: boolean;
  creditsAdded: number;
};

/** What a payment still has to cover: the total less what was paid (credit notes: negative amounts, paid out). */
export function outstanding(total: number, paid: number): number {
  return total >= 0 ? Math.max(0, total - paid) : Math.min(0, total - paid);
}

/**
 * The receipt (`payment.received`) to the company's invoice address, else its warning address, in the payment's
 * transaction; without an address none is sent.
 */
async function mailReceipt(deps: Deps, tx: DbOrTx, invoice: repo.PayableInvoice, payment: repo.PaymentRow) {
  const to = await findInvoiceMailAddress(tx, invoice.companyId);
  if (!to) return;
  const language = 'en';
  await sendMail(deps, tx, {
    event: 'payment.received',
    to,
    language,
    companyId: invoice.companyId,
    variables: {
      amount: formatMoney(payment.amountCents, payment.currency, language),
      invoice_number: invoice.number ?? '',
    },
  });
}

/**
 * Marks a locked, open invoice paid and tells the areas that react (`invoice.paid`); answers the package credits
 * the invoice sold (booked by credits' handler, in this transaction).
 */
async function settle(
  deps: Deps,
  tx: DbOrTx,
  invoice: repo.PayableInvoice,
  at: Date,
  actor: Actor | undefined,
): Promise<number> {
  await repo.markInvoicePaid(tx, invoice.id, at);
  const sold = invoice.packageId && invoice.packageCredits ? invoice.packageCredits : 0;
  await emit(deps, tx, 'invoice.paid', {
    invoiceId: invoice.id,
    companyId: invoice.companyId,
    number: invoice.number,
    paidAt: at,
    package: sold
      ? { id: invoice.packageId!, credits: sold, creditType: (invoice.packageCreditType ?? 'paid') as CreditType }
      : null,
    actor,
  });
  return sold;
}

/**
 * Why a reported payment cannot be one of this invoice, or null. It is in the invoice's currency, and the money goes
 * the invoice's way: received for an invoice, paid out (negative) for a credit note. Only staff pay out, so what a
 * provider reports is money received.
 */
export function paymentRefusal(
  invoice: repo.PayableInvoice,
  report: Pick<PaymentReport, 'provider' | 'amountCents' | 'currency'>,
): string | null {
  if (report.currency !== invoice.currency) return `Paid in ${report.currency}, the invoice is in ${invoice.currency}`;
  const received = invoice.totalCents > 0;
  const paidOut = invoice.totalCents < 0 && report.provider === 'bank-transfer';
  if ((received && report.amountCents > 0) || (paidOut && report.amountCents < 0)) return null;
  // `+ 0`: -0 is written as 0.
  const amount = formatMoney(report.amountCents + 0, report.currency, 'en');
  const total = formatMoney(invoice.totalCents, invoice.currency, 'en');
  return `A payment of ${amount} cannot pay invoice ${invoice.number ?? invoice.id} of ${total}`;
}

/**
 * Records what a provider (or staff) reported of an invoice's payment and settles the invoice when the payments
 * cover it. A reference reported before records nothing (`duplicate`). A payment of an invoice that is no longer
 * open (paid another way, cancelled) is recorded all the same (the money did arrive) and changes nothing else.
 */
export async function recordPayment(deps: Deps, tx: DbOrTx, report: PaymentReport): Promise<Settlement> {
  const invoice = await repo.lockInvoice(tx, report.invoiceId);
  if (!invoice) throw notFound();
  return recordLockedPayment(deps, tx, invoice, report);
}

/**
 * recordPayment for an invoice the caller has locked in this transaction already (it read the invoice first): the
 * lock it holds orders the invoice's payments until the commit, so taking it again would only cost a round trip.
 */
export async function recordLockedPayment(
  deps: Deps,
  tx: DbOrTx,
  invoice: repo.LockedInvoice,
  report: Omit<PaymentReport, 'invoiceId'>,
): Promise<Settlement> {
  if (!Number.isSafeInteger(report.amountCents)) throw new Error(`a payment is whole cents, not ${report.amountCents}`);
  const at = report.at ?? new Date();
  const refusal = paymentRefusal(invoice, report);
  const payment = await repo.insertPayment(tx, {
    invoiceId: invoice.id,
    companyId: invoice.companyId,
    provider: report.provider,
    // A refused report is kept under a reference of its own: the genuine payment of that reference still records.
    reference: refusal && report.reference ? `${report.reference}:refused` : report.reference,
    status: refusal ? 'failed' : report.status,
    amountCents: report.amountCents,
    currency: report.currency,
    failureReason: refusal ?? report.failureReason ?? null,
    details: report.details ?? null,
    createdBy: report.actor?.userId ?? null,
    createdAt: at,
  });
  if (!payment) return { outcome: 'duplicate', payment: undefined, invoicePaid: false, creditsAdded: 0 };
  await recordAudit(tx, report.actor ?? null, {
    entity: 'payment',
    entityId: payment.id,
    companyId: invoice.companyId,
    action: 'create',
    after: {
      invoice: invoice.number,
      provider: payment.provider,
      reference: payment.reference,
      status: payment.status,
      amount: payment.amountCents,
    },
  });
  if (refusal) return { outcome: 'refused', payment, invoicePaid: false, creditsAdded: 0 };
  if (payment.status === 'paid' && payment.amountCents > 0) {
    await mailReceipt(deps, tx, invoice, payment);
    await emit(deps, tx, 'payment.received', {
      paymentId: payment.id,
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      provider: payment.provider as PaymentProvider,
      amountCents: payment.amountCents,
      currency: payment.currency,
    });
  }
  let invoicePaid = false;
  let creditsAdded = 0;
  if (report.status === 'paid' && invoice.status === 'open') {
    const paid = await repo.paidSum(tx, invoice.id);
    if (outstanding(invoice.totalCents, paid) === 0) {
      creditsAdded = await settle(deps, tx, invoice, at, report.actor);
      invoicePaid = true;
    }
  }
  return { outcome: 'recorded', payment, invoicePaid, creditsAdded };
}

/**
 * Staff mark an open invoice paid (the bank-transfer method, by hand): a payment of what is outstanding is
 * recorded, and the invoice settles. An invoice with nothing outstanding (a total of 0) settles with no payment.
 */
export async function markPaidByHand(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor | undefined,
  invoiceId: string,
  at = new Date(),
) {
  const invoice = await repo.lockInvoice(tx, invoiceId);
  if (!invoice) throw notFound();
  if (invoice.status !== 'open') throw new AppError('INVOICE_NOT_PAYABLE');
  const due = outstanding(invoice.totalCents, await repo.paidSum(tx, invoice.id));
  if (due === 0)
    return {
      outcome: 'recorded',
      payment: undefined,
      invoicePaid: true,
      creditsAdded: await settle(deps, tx, invoice, at, actor),
    };
  return recordLockedPayment(deps, tx, invoice, {
    provider: 'bank-transfer',
    reference: null,
    status: 'paid',
    amountCents: due,
    currency: invoice.currency,
    actor,
    at,
  });
}
