import { z } from 'zod';
import { EU_COUNTRY_CODES } from './companies';

/**
 * Invoices (spec sections 3, 4, 9; issue 16): their statuses and the moves between them, their types, how their
 * amounts are computed and rounded, when the reverse charge applies, and how their numbers are written. The
 * server computes every amount with these functions; the web shows the same figures before saving a draft.
 */

/**
 * `draft` (editable, no number), `open` (issued: numbered, frozen, awaiting payment; the status the spec does not
 * name but dunning needs), `paid`, `cancelled` (ADR 0105).
 */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);

/**
 * The moves PATCH /update-invoice-status allows. Issuing (draft → open) assigns the number. An issued invoice is
 * never edited: cancelling it (open or paid) issues a credit note for it. A draft is deleted, not cancelled.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  draft: ['open'],
  open: ['paid', 'cancelled'],
  paid: ['cancelled'],
  cancelled: [],
};

export const INVOICE_MESSAGES = {
  sameStatus: 'The invoice already has this status',
  notAllowed: (from: InvoiceStatus, to: InvoiceStatus) => `An invoice cannot go from ${from} to ${to}`,
  pattern: 'The number pattern holds exactly one {N…} counter (e.g. {YYYY}-{NNNNNN})',
} as const;

/** Why `from` → `to` is refused, or null when PATCH /update-invoice-status may make the move. */
export function checkInvoiceTransition(from: InvoiceStatus, to: InvoiceStatus): string | null {
  if (from === to) return INVOICE_MESSAGES.sameStatus;
  return INVOICE_TRANSITIONS[from].includes(to) ? null : INVOICE_MESSAGES.notAllowed(from, to);
}

/** An invoice, or the credit note that cancels an issued one (its amounts the invoice's, negated). */
export const INVOICE_TYPES = ['invoice', 'credit-note'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

// --- Amounts ---------------------------------------------------------------------------------------

/** Tax rates are basis points: 1900 is 19.00 %. */
export const MAX_TAX_RATE_BP = 10_000;

export type InvoiceLineAmounts = {
  quantity: number;
  /** Cents per unit, before tax; negative for a discount line. */
  unit_price: number;
  tax_rate: number;
};

export type InvoiceTaxGroup = { tax_rate: number; net: number; tax: number };
export type InvoiceTotals = { net: number; tax: number; total: number; taxes: InvoiceTaxGroup[] };

/** `value / divisor` rounded half away from zero (commercial rounding), exact for integers of any size. */
export function divideRounded(value: number | bigint, divisor: number | bigint): number {
  const v = BigInt(value);
  const d = BigInt(divisor);
  const magnitude = ((v < 0n ? -v : v) * 2n + d) / (d * 2n);
  return Number(v < 0n ? -magnitude : magnitude) || 0;
}

/** At most this many lines, of at most this quantity: every sum stays an exact JavaScript integer. */
export const MAX_INVOICE_LINES = 200;
export const MAX_LINE_QUANTITY = 10_000;

/**
 * An invoice's amounts in cents (ADR 0105). Each line's net is quantity × unit price, exact. Tax is computed once
 * per tax rate, on the sum of that rate's nets, and rounded half away from zero to the cent, so that the tax shown
 * per rate is the rate applied to the net shown per rate. Under the reverse charge every rate is 0 % (the lines
 * keep theirs for the record). The total is net + tax.
 */
export function invoiceTotals(
  lines: readonly InvoiceLineAmounts[],
  options: { reverseCharge: boolean },
): InvoiceTotals {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = options.reverseCharge ? 0 : line.tax_rate;
    byRate.set(rate, (byRate.get(rate) ?? 0) + line.quantity * line.unit_price);
  }
  const taxes = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([tax_rate, net]) => ({ tax_rate, net, tax: divideRounded(BigInt(net) * BigInt(tax_rate), MAX_TAX_RATE_BP) }));
  const net = taxes.reduce((sum, group) => sum + group.net, 0);
  const tax = taxes.reduce((sum, group) => sum + group.tax, 0);
  return { net, tax, total: net + tax, taxes };
}

// --- Reverse charge ----------------------------------------------------------------------------------

export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC).';

const EU = new Set<string>(EU_COUNTRY_CODES);

/**
 * Whether an invoice from `seller` to `buyer` is a reverse-charge supply: an EU business customer with a VAT id in
 * another EU member state than the seller's, whose company staff marked for the reverse charge once its VAT id was
 * confirmed (the company's `apply_reverse_charge`, set after the VIES check). Otherwise the seller's tax applies.
 */
export function reverseChargeApplies(
  seller: { country: string },
  buyer: { country: string; vatId: string | null; applyReverseCharge: boolean },
): boolean {
  return (
    buyer.applyReverseCharge &&
    Boolean(buyer.vatId?.trim()) &&
    EU.has(seller.country) &&
    EU.has(buyer.country) &&
    buyer.country !== seller.country
  );
}

// --- Numbers ---------------------------------------------------------------------------------------

export const DEFAULT_INVOICE_NUMBER_PATTERN = '{YYYY}-{NNNNNN}';
export const INVOICE_NUMBER_PATTERN_MAX = 60;

const COUNTER = /\{(N+)\}/g;

/** Whether `pattern` makes invoice numbers: one `{N…}` counter, `{YYYY}` or `{YY}` optional, at most 60 characters. */
export function isInvoiceNumberPattern(pattern: string): boolean {
  return pattern.length <= INVOICE_NUMBER_PATTERN_MAX && (pattern.match(COUNTER)?.length ?? 0) === 1;
}

export const invoiceNumberPatternSchema = z.string().trim().refine(isInvoiceNumberPattern, INVOICE_MESSAGES.pattern);

/**
 * The number of an invoice: `pattern` with `{YYYY}` (or `{YY}`) the year of issue and `{N…}` the year's sequence,
 * zero-padded to as many digits as Ns (longer when it outgrows them): `{YYYY}-{NNNNNN}`, 2026, 123 → 2026-000123.
 */
export function formatInvoiceNumber(pattern: string, year: number, sequence: number): string {
  if (!isInvoiceNumberPattern(pattern)) throw new Error(INVOICE_MESSAGES.pattern);
  return pattern
    .replaceAll('{YYYY}', String(year).padStart(4, '0'))
    .replaceAll('{YY}', String(year % 100).padStart(2, '0'))
    .replace(COUNTER, (_, ns: string) => String(sequence).padStart(ns.length, '0'));
}
