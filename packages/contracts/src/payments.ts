import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { creditTypeSchema } from './credits';
import { defineErrors } from './errors';
import { invoiceMailSchema, invoiceSchema } from './invoices';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { dateSchema, optionalTextSchema } from './validation';

/**
 * Payments of invoices and buying credits (spec sections 2 /payment-history, 4 payment statuses, 7
 * get-payment-history; ADR 0106). Every way of paying is a provider behind one interface: `bank-transfer`
 * (staff mark an invoice paid, or import a bank statement that names invoice numbers) and `stripe` (card checkout,
 * reported by its signed webhook).
 */
export const PAYMENT_PROVIDERS = ['bank-transfer', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** Spec section 4: payment statuses paid and failed. */
export const PAYMENT_STATUSES = ['paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** Reading payments: the spec's /payment-history permission (a company's own, or the back office's scope). */
export const PAYMENT_HISTORY_PERMISSION = 'backoffice-payment-history' as const satisfies PermissionTitle;
/** Buying credits is a company's own credit work (the permission that shows its balance and redeems a coupon code). */
export const PURCHASE_PERMISSION = 'backoffice-credit' as const satisfies PermissionTitle;
/** Importing a bank statement is invoice work of the back office. */
export const BANK_IMPORT_PERMISSION = 'backoffice-invoice' as const satisfies PermissionTitle;

export const PAYMENT_ROUTES = {
  history: '/get-payment-history',
  historyPdf: '/get-payment-history-pdf',
  /** POST: buy a package; answers the issued invoice and how to pay it. */
  purchase: '/buy-credits',
  /** POST: the price of a package for a company with an optional coupon, before buying. */
  quote: '/buy-credits/quote',
  /** POST: a card checkout for an issued, unpaid invoice of the caller's company. */
  checkout: (invoiceId: string) => `/invoices/${invoiceId}/checkout`,
  /** POST: a bank statement (CSV) whose lines are matched to invoices by their numbers. */
  bankImport: '/payments/bank-import',
  /** POST: Stripe's webhook (no session: its signature is the proof). */
  stripeWebhook: '/payments/stripe/webhook',
} as const;

// --- Buying credits ----------------------------------------------------------------------------

export const purchaseQuoteInputSchema = z.object({
  package_id: z.uuid(),
  coupon_code: optionalTextSchema(64),
  /** The company to buy for; default the caller's. Staff may buy for a company in their scope. */
  company_id: z.uuid().optional(),
});
export type PurchaseQuoteInput = z.input<typeof purchaseQuoteInputSchema>;

export const purchaseInputSchema = purchaseQuoteInputSchema.extend({
  payment_method: paymentProviderSchema.default('bank-transfer'),
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

/** What a purchase costs before it is made: the same computation the invoice will carry. */
export const purchaseQuoteSchema = z.object({
  package_id: z.uuid(),
  package_name: z.string(),
  credits: z.number().int(),
  credit_type: creditTypeSchema,
  currency: z.string(),
  /** The package's price for the company's country, in cents, before the discount. */
  price: z.number().int(),
  discount: z.number().int(),
  coupon_code: z.string().nullable(),
  tax_rate: z.number().int(),
  reverse_charge: z.boolean(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** The payment methods this installation offers. */
  payment_methods: z.array(paymentProviderSchema),
});
export type PurchaseQuote = z.infer<typeof purchaseQuoteSchema>;

/**
 * How to pay by bank transfer: the operator's account and the reference that lets the import match it. Never
 * without IBAN and BIC: without them the invoice is not issued (OPERATOR_BANK_ACCOUNT_MISSING).
 */
export const bankTransferInstructionsSchema = z.object({
  account_holder: z.string().nullable(),
  bank_name: z.string().nullable(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type BankTransferInstructions = z.infer<typeof bankTransferInstructionsSchema>;

export const purchaseResultSchema = z.object({
  invoice: invoiceSchema,
  payment_method: paymentProviderSchema,
  /** Card checkout: the provider's page to send the buyer to. */
  checkout_url: z.string().nullable(),
  bank_transfer: bankTransferInstructionsSchema.nullable(),
  /** Where the invoice's mail went. */
  invoice_mail: invoiceMailSchema,
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const checkoutResultSchema = z.object({ checkout_url: z.string() });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

// --- Payments ------------------------------------------------------------------------------------

export const paymentSchema = z.object({
  id: z.uuid(),
  invoice_id: z.uuid(),
  invoice_number: z.string().nullable(),
  company_id: z.uuid(),
  company_name: z.string(),
  provider: paymentProviderSchema,
  reference: z.string().nullable(),
  status: paymentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENT_SORT_FIELDS = ['created_at', 'amount'] as const;

export const paymentHistoryQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(PAYMENT_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  status: paymentStatusSchema.optional(),
  provider: paymentProviderSchema.optional(),
  company_id: z.uuid().optional(),
  invoice_id: z.uuid().optional(),
  /** Recorded on or after / on or before this day (YYYY-MM-DD). */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuerySchema>;

/** GET /get-payment-history-pdf: the history's filters, every matching payment (at most PAYMENT_PDF_MAX_ROWS). */
export const PAYMENT_PDF_MAX_ROWS = 5000;
export const paymentHistoryPdfQuerySchema = paymentHistoryQuerySchema.omit({ page: true, per_page: true });
export type PaymentHistoryPdfQuery = z.infer<typeof paymentHistoryPdfQuerySchema>;

export const paymentHistorySchema = z.object({ data: z.array(paymentSchema), total: z.number().int() });

// --- Bank statements ---------------------------------------------------------------------------

/** What became of each line of an imported statement. */
export const BANK_LINE_OUTCOMES = [
  /** Recorded as a payment of the invoice it names. */
  'paid',
  /** Recorded as a part payment: the invoice stays open for the rest. */
  'partial',
  /** Imported before (same transaction): nothing recorded again. */
  'duplicate',
  /** Names no invoice that awaits payment (or none at all). */
  'unmatched',
  /** An amount paid out, zero, or in another currency than the invoice's: left for a person to look at. */
  'ignored',
] as const;
export type BankLineOutcome = (typeof BANK_LINE_OUTCOMES)[number];

export const bankImportResultSchema = z.object({
  lines: z.number().int(),
  results: z.array(
    z.object({
      line: z.number().int(),
      outcome: z.enum(BANK_LINE_OUTCOMES),
      invoice_number: z.string().nullable(),
      amount: z.number().int().nullable(),
      message: z.string().nullable(),
    }),
  ),
  counts: z.record(z.enum(BANK_LINE_OUTCOMES), z.number().int()),
});
export type BankImportResult = z.infer<typeof bankImportResultSchema>;

/** The most lines one statement may hold (a month of a busy account is a few thousand). */
export const BANK_STATEMENT_MAX_LINES = 20_000;
export const BANK_STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The payments' refusals (ADR 0105). */
export const PAYMENT_ERRORS = defineErrors({
  INVOICE_NOT_PAYABLE: { status: 409, message: 'This invoice is not awaiting payment' },
  PAYMENT_METHOD_UNAVAILABLE: { status: 409, message: 'Paying by {{method}} is not available' },
  OPERATOR_BANK_ACCOUNT_MISSING: {
    status: 409,
    message:
      "No invoice to be paid by bank transfer can be issued: the operator's bank account with IBAN and BIC is not set up. Staff add it to the operator company's bank accounts (Customers)",
  },
  PAYMENT_SIGNATURE_INVALID: { status: 400, message: 'The payment notification could not be verified' },
  PAYMENT_EVENT_UNREADABLE: { status: 400, message: 'The payment notification could not be read: {{reason}}' },
  BANK_STATEMENT_UNREADABLE: { status: 400, message: 'The bank statement could not be read: {{reason}}' },
});

/** The purchases' refusals. */
export const PURCHASE_ERRORS = defineErrors({
  PACKAGE_NOT_OFFERED: { status: 400, message: 'This package cannot be bought in {{country}}' },
});

declare module './errors' {
  interface AreaErrors {
    payments: typeof PAYMENT_ERRORS;
    purchases: typeof PURCHASE_ERRORS;
  }
}

/** The payments area: its entries of the permission catalogue. */
export const PAYMENT_PERMISSION_CATALOGUE = [backofficePermission('payment-history', 'billing', true)] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof PAYMENT_PERMISSION_CATALOGUE> {}
}
