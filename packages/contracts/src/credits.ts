import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { defineErrors } from './errors';
import { backofficePermission, type TitlesOf } from './permissions';
import { dateSchema, textSchema } from './validation';

/**
 * Credit types (ADR 0090). `free`: given away (registration bonus, a redeemed code, goodwill grants); `paid`:
 * bought in a package. A spend takes credits in SPEND_ORDER: free credits first, so that the credits a
 * company paid for (and may have refunded) are the last to go.
 */
export const CREDIT_TYPES = ['free', 'paid'] as const;
export const creditTypeSchema = z.enum(CREDIT_TYPES);
export type CreditType = z.infer<typeof creditTypeSchema>;
export const SPEND_ORDER: readonly CreditType[] = ['free', 'paid'];

/**
 * Why a ledger entry was booked. Its sign follows the reason: purchase, refund, coupon, registration
 * bonus, manual grant and commission payout add credits; case submission, recalculation and expiry
 * take them; a correction does either.
 */
export const CREDIT_REASONS = [
  'purchase',
  'case_submission',
  'recalculation',
  'refund',
  'coupon',
  'registration_bonus',
  'manual_grant',
  'correction',
  'commission_payout',
  'expiry',
] as const;
export const creditReasonSchema = z.enum(CREDIT_REASONS);
export type CreditReason = z.infer<typeof creditReasonSchema>;

/** The reasons staff may book by hand (POST /grant-credits). */
export const MANUAL_CREDIT_REASONS = ['correction', 'manual_grant', 'expiry'] as const;
export type ManualCreditReason = (typeof MANUAL_CREDIT_REASONS)[number];

/** The most credits one booking may move (a typo guard: 1,000,000 credits is far beyond any package). */
export const MAX_CREDITS_PER_BOOKING = 1_000_000;

/** Permanent teeth in FDI notation: upper jaw quadrants 1 and 2, lower jaw quadrants 3 and 4. */
const quadrant = (q: number) => Array.from({ length: 8 }, (_, i) => q * 10 + i + 1);
export const UPPER_TEETH: readonly number[] = [...quadrant(1), ...quadrant(2)];
export const LOWER_TEETH: readonly number[] = [...quadrant(3), ...quadrant(4)];
export const upperToothSchema = z
  .number()
  .int()
  .refine((n) => UPPER_TEETH.includes(n), { message: 'Not an upper jaw tooth (FDI 11–18, 21–28)' });
export const lowerToothSchema = z
  .number()
  .int()
  .refine((n) => LOWER_TEETH.includes(n), { message: 'Not a lower jaw tooth (FDI 31–38, 41–48)' });

// --- Balances and the ledger -------------------------------------------------------------------

export const creditsQuerySchema = z.object({
  /** Whose credits (default: the caller's company). */
  company_id: z.uuid().optional(),
});

/** GET /get-credits: a company's balance per credit type and in all. */
export const creditBalanceSchema = z.object({
  company_id: z.uuid(),
  balances: z.object({ free: z.number().int(), paid: z.number().int() }),
  total: z.number().int(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

export const CREDIT_HISTORY_SORT_FIELDS = ['created_at', 'amount'] as const;

export const creditHistoryQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(CREDIT_HISTORY_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  credit_type: creditTypeSchema.optional(),
  reason: creditReasonSchema.optional(),
  /** Entries booked on or after this day (YYYY-MM-DD, UTC). */
  from: dateSchema.optional(),
  /** Entries booked on or before this day. */
  to: dateSchema.optional(),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

/** One ledger entry. */
export const creditEntrySchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  company_id: z.uuid(),
  credit_type: creditTypeSchema,
  amount: z.number().int(),
  balance_after: z.number().int(),
  reason: creditReasonSchema,
  case_id: z.uuid().nullable(),
  /** The case's name (null when the case is gone or hidden: the id remains). */
  case_name: z.string().nullable(),
  invoice_id: z.uuid().nullable(),
  /** The invoice's number (null for a draft or when it is gone). */
  invoice_number: z.string().nullable(),
  coupon_id: z.uuid().nullable(),
  /** The coupon's code, for entries of a coupon. */
  coupon_code: z.string().nullable(),
  package_id: z.uuid().nullable(),
  package_name: z.string().nullable(),
  refund_of: z.uuid().nullable(),
  note: z.string().nullable(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.iso.datetime(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const BALANCE_INTERVALS = ['day', 'month'] as const;
export const balanceHistoryQuerySchema = z.object({
  /** First day (YYYY-MM-DD, UTC); default: 90 days (interval day) or 24 months (interval month) before `to`. */
  from: dateSchema.optional(),
  /** Last day; default today. */
  to: dateSchema.optional(),
  interval: z.enum(BALANCE_INTERVALS).default('day'),
});
export type BalanceHistoryQuery = z.infer<typeof balanceHistoryQuerySchema>;

/** The balance at the end of each day (or month) of the range, every day present. */
export const balancePointSchema = z.object({
  date: z.iso.date(),
  free: z.number().int(),
  paid: z.number().int(),
  total: z.number().int(),
});
export const balanceHistorySchema = z.object({
  company_id: z.uuid(),
  interval: z.enum(BALANCE_INTERVALS),
  data: z.array(balancePointSchema),
});
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

/**
 * POST /grant-credits (staff): a manual grant (amount > 0), an expiry (amount < 0) or a correction
 * (either sign), always with a note saying why. It books a ledger entry; nothing is ever edited.
 */
export const grantCreditsSchema = z
  .object({
    company_id: z.uuid(),
    credit_type: creditTypeSchema,
    amount: z
      .number()
      .int()
      .min(-MAX_CREDITS_PER_BOOKING)
      .max(MAX_CREDITS_PER_BOOKING)
      .refine((n) => n !== 0, { message: 'The amount cannot be 0' }),
    reason: z.enum(MANUAL_CREDIT_REASONS),
    note: textSchema(500).pipe(z.string().min(3, 'Say in a few words why (at least 3 characters)')),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'manual_grant' && value.amount < 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A grant adds credits: the amount must be positive' });
    if (value.reason === 'expiry' && value.amount > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'An expiry takes credits: the amount must be negative',
      });
  });
export type GrantCredits = z.infer<typeof grantCreditsSchema>;

/** The answer of a booking: the entries it wrote and the balance after them. */
export const bookingResultSchema = z.object({
  message: z.string(),
  entries: z.array(creditEntrySchema),
  balance: creditBalanceSchema,
});

/** Main backend paths of the credits areas (relative to the api service). */
export const CREDIT_ROUTES = {
  getCredits: '/get-credits',
  creditHistory: (id: string) => `/credit-history/${id}`,
  balanceHistory: (id: string) => `/balance-history/${id}`,
  grantCredits: '/grant-credits',
  redeemCoupon: '/redeem-coupon',
} as const;

/** The credits' refusals (spec section 8). */
export const CREDIT_ERRORS = defineErrors({
  NOT_ENOUGH_CREDITS: { status: 402, message: 'Not enough credits' },
  NOT_ENOUGH_CREDITS_TO_RECALCULATE: { status: 402, message: 'You do not have enough credits to recalculate the case' },
  CREDIT_BALANCE_TOO_LOW: {
    status: 409,
    message: 'The company holds only {{balance}} {{credit_type}} credits: {{amount}} cannot be taken',
  },
  CREDIT_ALREADY_REFUNDED: { status: 409, message: 'These credits were refunded already' },
  CREDIT_GRANT_STAFF_ONLY: { status: 403, message: 'Only the back office can grant or correct credits' },
  // A report's range holds more buckets than it answers (context: the bucket, `day` or `month`).
  REPORT_RANGE_TOO_LONG: { status: 400, message: 'The range is too long: choose at most {{max}} {{context}}s' },
});

declare module './errors' {
  interface AreaErrors {
    credits: typeof CREDIT_ERRORS;
  }
}

/** The credits area: a company's credits, balance, history, redeeming a credit code (ADR 0090); granting and correcting is staff work: its entries of the permission catalogue. */
export const CREDIT_PERMISSION_CATALOGUE = [
  backofficePermission('credit', 'credits', true),
  backofficePermission('grant-credit', 'credits'),
] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof CREDIT_PERMISSION_CATALOGUE> {}
}
