import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { EU_COUNTRY_CODES } from './companies';
import { defineErrors } from './errors';
import { MAX_PRICE_CENTS } from './packages';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { dateSchema, mailSchema, optionalTextSchema, textSchema, VALIDATION_MESSAGES } from './validation';

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

/**
 * A pattern that finds the numbers `pattern` makes inside other text (a bank transfer's purpose line): the
 * literal parts as they are (letters in any case), the year and counter as digits, not inside a longer run of
 * letters or digits.
 */
export function invoiceNumberFinder(pattern: string): RegExp {
  if (!isInvoiceNumberPattern(pattern)) throw new Error(INVOICE_MESSAGES.pattern);
  const source = pattern
    .split(/(\{YYYY\}|\{YY\}|\{N+\})/)
    .map((part) => {
      if (part === '{YYYY}') return '\\d{4}';
      if (part === '{YY}') return '\\d{2}';
      const counter = /^\{(N+)\}$/.exec(part);
      if (counter) return `\\d{${counter[1]!.length},}`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, 'giu');
}

// --- Calls -----------------------------------------------------------------------------------------

/** Managing invoices is the back office's (spec section 2: /invoices needs backoffice-invoice). */
export const INVOICE_PERMISSION = 'backoffice-invoice' as const satisfies PermissionTitle;

/**
 * Reading invoices (ADR 0118): the back office's permission, or the payment history's (PAYMENT_HISTORY_PERMISSION of
 * ./payments, written out: that module imports this one). A caller holding only the second reads the issued invoices
 * and credit notes of its own companies, never a draft, and changes nothing.
 */
export const INVOICE_READ_PERMISSIONS = [
  INVOICE_PERMISSION,
  'backoffice-payment-history',
] as const satisfies readonly PermissionTitle[];

export const INVOICE_ROUTES = {
  invoices: '/invoices',
  invoice: (id: string) => `/invoices/${id}`,
  updateStatus: (id: string) => `/update-invoice-status/${id}`,
  dunning: (id: string) => `/invoices/${id}/dunning`,
  pdf: (id: string) => `/invoices/${id}/pdf`,
  csv: '/invoices/download/csv',
} as const;

export const INVOICE_LINE_MESSAGES = {
  lines: `An invoice has at most ${MAX_INVOICE_LINES} lines`,
  quantity: `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}`,
  taxRate: 'Enter a tax rate from 0 to 100 %',
  price: 'Enter a price in cents',
} as const;

export const invoiceLineInputSchema = z.object({
  article_number: optionalTextSchema(64),
  name: textSchema(200, { required: true }),
  quantity: z
    .number({ error: VALIDATION_MESSAGES.required })
    .int(INVOICE_LINE_MESSAGES.quantity)
    .min(1, INVOICE_LINE_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, INVOICE_LINE_MESSAGES.quantity),
  /** Cents per unit before tax; negative for a discount. */
  unit_price: z
    .number({ error: VALIDATION_MESSAGES.required })
    .int(INVOICE_LINE_MESSAGES.price)
    .min(-MAX_PRICE_CENTS, INVOICE_LINE_MESSAGES.price)
    .max(MAX_PRICE_CENTS, INVOICE_LINE_MESSAGES.price),
  /** Basis points: 1900 is 19 %. */
  tax_rate: z
    .number({ error: VALIDATION_MESSAGES.required })
    .int(INVOICE_LINE_MESSAGES.taxRate)
    .min(0, INVOICE_LINE_MESSAGES.taxRate)
    .max(MAX_TAX_RATE_BP, INVOICE_LINE_MESSAGES.taxRate),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

const linesSchema = z.array(invoiceLineInputSchema).max(MAX_INVOICE_LINES, INVOICE_LINE_MESSAGES.lines);

/** POST /invoices: a draft for a company. */
export const invoiceInputSchema = z.object({
  company_id: z.uuid(),
  lines: linesSchema.default([]),
  payment_term_days: z.number().int().min(0).max(365).default(14),
  notes: optionalTextSchema(2000),
});
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/** PUT /invoices/{id}: a draft's fields (only those named; `lines` replaces them all). */
export const invoiceUpdateSchema = z.object({
  lines: linesSchema.optional(),
  payment_term_days: z.number().int().min(0).max(365).optional(),
  notes: optionalTextSchema(2000).optional(),
});
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

/** PATCH /invoices/{id}/dunning: pause or resume the reminders of an issued invoice. */
export const invoiceDunningSchema = z.object({ paused: z.boolean() });

/** PATCH /update-invoice-status/{id}. */
export const invoiceStatusUpdateSchema = z.object({ status: invoiceStatusSchema });

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  article_number: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  tax_rate: z.number().int(),
  net: z.number().int(),
});

export const billingAddressSchema = z.object({
  company_name: z.string(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  vat_id: z.string().nullable(),
});

export const invoiceSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  company_name: z.string(),
  number: z.string().nullable(),
  type: z.enum(INVOICE_TYPES),
  status: invoiceStatusSchema,
  invoice_date: z.string().nullable(),
  due_date: z.string().nullable(),
  payment_term_days: z.number().int(),
  currency: z.string(),
  /** Frozen at issue; a draft shows the company's current address. */
  billing_address: billingAddressSchema,
  reverse_charge: z.boolean(),
  /** The legal note of a reverse-charge invoice, null otherwise. */
  reverse_charge_note: z.string().nullable(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  taxes: z.array(z.object({ tax_rate: z.number().int(), net: z.number().int(), tax: z.number().int() })),
  lines: z.array(invoiceLineSchema),
  /** The reminders sent, with what their level said then. */
  reminders: z.array(
    z.object({
      step: z.number().int(),
      level_name: z.string(),
      fee: z.number().int(),
      mailed_to: z.string().nullable(),
      sent_at: z.string(),
    }),
  ),
  notes: z.string().nullable(),
  cancels_invoice_id: z.uuid().nullable(),
  credit_note_id: z.uuid().nullable(),
  /** Dunning: the last reminder step reached (0: none), when it was sent, whether staff paused it. */
  dunning_level: z.number().int(),
  last_reminder_at: z.string().nullable(),
  dunning_paused: z.boolean(),
  issued_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Whether the caller may pay it by card here (ADR 0118): card payment is set up, it is an open invoice of the
   * caller's own company, and the caller may buy credits (POST /invoices/{id}/checkout).
   */
  card_payment: z.boolean(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * Whose addresses an issued invoice's mail goes to: the company's invoice address, else its warning address, else its
 * owners (its live, active users who may buy its credits, the registering user among them).
 */
export const INVOICE_MAIL_RECIPIENTS = ['invoice-address', 'warning-address', 'owners'] as const;
export type InvoiceMailRecipients = (typeof INVOICE_MAIL_RECIPIENTS)[number];

/** Why an issued invoice was mailed to nobody: no address and no owner, or no mail template for the event. */
export const INVOICE_MAIL_NOT_SENT = ['no-recipient', 'no-template'] as const;

/** Where the mail of an issued invoice went, as the issue queued it (never a mail that was not queued). */
export const invoiceMailSchema = z.object({
  /** Whose addresses were chosen; null when the company has none and no owner. */
  recipients: z.enum(INVOICE_MAIL_RECIPIENTS).nullable(),
  /** The addresses a mail is queued for, one mail each; empty when none was sent. */
  to: z.array(z.string()),
  /** Why no mail was sent; null when one was. */
  not_sent: z.enum(INVOICE_MAIL_NOT_SENT).nullable(),
});
export type InvoiceMail = z.infer<typeof invoiceMailSchema>;

/** PATCH /update-invoice-status/{id}: the invoice, and where its mail went when the move issued it (else null). */
export const invoiceStatusChangeSchema = invoiceSchema.extend({ invoice_mail: invoiceMailSchema.nullable() });
export type InvoiceStatusChange = z.infer<typeof invoiceStatusChangeSchema>;

export const invoiceListItemSchema = invoiceSchema.omit({
  card_payment: true,
  lines: true,
  taxes: true,
  billing_address: true,
  reminders: true,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const INVOICE_SORT_FIELDS = ['created_at', 'invoice_date', 'due_date', 'number', 'total'] as const;

export const invoiceListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(INVOICE_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  status: invoiceStatusSchema.optional(),
  type: z.enum(INVOICE_TYPES).optional(),
  company_id: z.uuid().optional(),
  /** Issued on or after / on or before this day (YYYY-MM-DD). */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** GET /invoices/download/csv: the list's filters and search; every matching invoice, oldest first. */
export const invoiceCsvQuerySchema = invoiceListQuerySchema.omit({
  page: true,
  per_page: true,
  sort_by: true,
  sort_dir: true,
});
export type InvoiceCsvQuery = z.infer<typeof invoiceCsvQuerySchema>;

// --- Exports, the receivables plan and the summary (ADR 0107) ------------------------------------------

export const INVOICE_EXPORT_ROUTES = {
  latestCsv: '/invoices/download/latest-csv',
  plan: '/invoices/export-invoice-plan',
  summary: '/invoices/export-invoice-summary',
  summaryMail: '/invoices/send-summary-mail',
} as const;

/** What an export answers: a CSV file (the default), or the same figures as JSON. */
export const INVOICE_EXPORT_FORMATS = ['csv', 'json'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];

/**
 * How an issued invoice's buyer was taxed, from its frozen billing address and reverse charge: `domestic` (the
 * seller's country, or no country), `eu-reverse-charge`, `eu-taxed` (another EU member state, the seller's VAT
 * charged: a customer without a confirmed VAT id), `outside-eu`.
 */
export const INVOICE_VAT_TREATMENTS = ['domestic', 'eu-reverse-charge', 'eu-taxed', 'outside-eu'] as const;
export type InvoiceVatTreatment = (typeof INVOICE_VAT_TREATMENTS)[number];

export const INVOICE_SUMMARY_MESSAGES = {
  year: 'Enter a year from 2000 to 2999',
  month: 'Enter a month from 1 to 12',
  recipients: 'Name from 1 to 10 recipients',
} as const;

const summaryYearSchema = z.coerce
  .number({ error: INVOICE_SUMMARY_MESSAGES.year })
  .int(INVOICE_SUMMARY_MESSAGES.year)
  .min(2000, INVOICE_SUMMARY_MESSAGES.year)
  .max(2999, INVOICE_SUMMARY_MESSAGES.year);
const summaryMonthSchema = z.coerce
  .number({ error: INVOICE_SUMMARY_MESSAGES.month })
  .int(INVOICE_SUMMARY_MESSAGES.month)
  .min(1, INVOICE_SUMMARY_MESSAGES.month)
  .max(12, INVOICE_SUMMARY_MESSAGES.month);

/** GET /invoices/export-invoice-summary: a year, or one month of it. */
export const invoiceSummaryQuerySchema = z.object({
  year: summaryYearSchema,
  month: summaryMonthSchema.optional(),
  format: z.enum(INVOICE_EXPORT_FORMATS).default('csv'),
});
export type InvoiceSummaryQuery = z.infer<typeof invoiceSummaryQuerySchema>;

/** Issued invoices and credit notes counted together: amounts in cents, credit notes (negative) netted. */
export const invoiceSummaryFiguresSchema = z.object({
  currency: z.string(),
  invoice_count: z.number().int(),
  credit_note_count: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type InvoiceSummaryFigures = z.infer<typeof invoiceSummaryFiguresSchema>;

export const invoiceSummarySchema = z.object({
  year: z.number().int(),
  month: z.number().int().nullable(),
  /** The seller's country the treatments are reckoned from. */
  seller_country: z.string().nullable(),
  /** Every month of the period (months without invoices at zero), by date of issue. */
  months: z.array(invoiceSummaryFiguresSchema.extend({ month: z.number().int() })),
  /** By the buyer's country (as frozen on the invoice) and VAT treatment. */
  breakdown: z.array(
    invoiceSummaryFiguresSchema.extend({
      country: z.string().nullable(),
      vat_treatment: z.enum(INVOICE_VAT_TREATMENTS),
    }),
  ),
  /** The whole period, one line per currency. */
  totals: z.array(invoiceSummaryFiguresSchema),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** The receivables plan groups the open invoices that fall due from today by week (ISO, from Monday) or by month. */
export const INVOICE_PLAN_GROUPINGS = ['week', 'month'] as const;
export type InvoicePlanGrouping = (typeof INVOICE_PLAN_GROUPINGS)[number];

/** GET /invoices/export-invoice-plan. */
export const invoicePlanQuerySchema = z.object({
  group: z.enum(INVOICE_PLAN_GROUPINGS).default('week'),
  company_id: z.uuid().optional(),
  format: z.enum(INVOICE_EXPORT_FORMATS).default('csv'),
});
export type InvoicePlanQuery = z.infer<typeof invoicePlanQuerySchema>;

/**
 * One period of the plan: `overdue` (due before today), or a week (`2026-W49`) or month (`2026-12`) ahead, with
 * the first and last due date it spans (the current one from today); an open credit note is a refund owed, so it
 * counts negative.
 */
export const invoicePlanBucketSchema = z.object({
  bucket: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  currency: z.string(),
  invoice_count: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type InvoicePlanBucket = z.infer<typeof invoicePlanBucketSchema>;

export const invoicePlanSchema = z.object({
  as_of: z.string(),
  group: z.enum(INVOICE_PLAN_GROUPINGS),
  buckets: z.array(invoicePlanBucketSchema),
});
export type InvoicePlan = z.infer<typeof invoicePlanSchema>;

export const MAX_SUMMARY_RECIPIENTS = 10;

/** POST /invoices/send-summary-mail: the period, and who gets it (the caller when no one is named). */
export const invoiceSummaryMailSchema = z.object({
  year: summaryYearSchema,
  month: summaryMonthSchema.optional(),
  to: z
    .array(mailSchema)
    .min(1, INVOICE_SUMMARY_MESSAGES.recipients)
    .max(MAX_SUMMARY_RECIPIENTS, INVOICE_SUMMARY_MESSAGES.recipients)
    .optional(),
});
export type InvoiceSummaryMail = z.infer<typeof invoiceSummaryMailSchema>;

export const invoiceSummaryMailResponseSchema = z.object({ message: z.string(), recipients: z.array(z.string()) });
export type InvoiceSummaryMailResponse = z.infer<typeof invoiceSummaryMailResponseSchema>;

/** The invoices' refusals (ADR 0105). */
export const INVOICE_ERRORS = defineErrors({
  INVOICE_NOT_DRAFT: {
    status: 409,
    message: 'Only a draft can be changed or deleted; an issued invoice is cancelled with a credit note',
  },
  INVOICE_STATUS_REFUSED: { status: 409, message: 'An invoice cannot go from {{from}} to {{to}}' },
  INVOICE_EMPTY: { status: 400, message: 'An invoice needs at least one line to be issued' },
  INVOICE_NOT_OPEN: { status: 409, message: 'Only an issued, unpaid invoice has reminders to pause or resume' },
});

declare module './errors' {
  interface AreaErrors {
    invoices: typeof INVOICE_ERRORS;
  }
}

/** The invoices area: its entries of the permission catalogue. */
export const INVOICE_PERMISSION_CATALOGUE = [backofficePermission('invoice', 'billing')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof INVOICE_PERMISSION_CATALOGUE> {}
}
