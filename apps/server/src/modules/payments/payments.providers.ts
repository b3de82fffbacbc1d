import type { PaymentProvider, PaymentStatus } from '@cuspid/contracts/payments';

/**
 * The payment methods behind one interface (ADR 0106). Bank transfer needs no provider call: the buyer is shown
 * the operator's account and the invoice number as reference, and the money is recorded when staff mark the
 * invoice paid or import the bank statement. A card checkout provider starts a hosted checkout and reports the
 * outcome as signed events.
 */
export type CheckoutRequest = {
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  description: string;
  customerMail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Today (YYYY-MM-DD): one checkout per invoice, amount and day. */
  day: string;
};

/** A payment a provider reports, as the settlement records it. */
export type ReportedPayment = {
  invoiceId: string;
  reference: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  failureReason?: string | undefined;
  details?: Record<string, string | number | boolean | null> | undefined;
};

/** One event of a provider's webhook: its id (handled once), its type, and the payment it reports, if any. */
export type ProviderEvent = { id: string; type: string; payment?: ReportedPayment };

export interface CardCheckout {
  readonly name: Extract<PaymentProvider, 'stripe'>;
  /** Opens a hosted checkout for an amount of an invoice; answers where to send the buyer. */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; reference: string }>;
  /**
   * Verifies a webhook delivery's signature and reads it: PAYMENT_SIGNATURE_INVALID when it is not genuine or not
   * signed about now, PAYMENT_EVENT_UNREADABLE when it is genuine but holds no event the portal can read.
   */
  readEvent(body: Buffer, signature: string | undefined): ProviderEvent;
}
