import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { CREDIT_TYPES, creditBalanceSchema, creditTypeSchema, MAX_CREDITS_PER_BOOKING } from './credits';
import { defineErrors } from './errors';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { dateTimeSchema, optionalTextSchema, textSchema } from './validation';

/**
 * Coupon codes (spec sections 2, 3 and 7). A coupon grants credits of one type (`credits`, redeemed by a
 * company on POST /redeem-coupon) or gives a discount on a package purchase (`percent` or `fixed`, given
 * when the package is bought). "Free users" is how many distinct companies may redeem it.
 */
export const COUPON_KINDS = ['credits', 'percent', 'fixed'] as const;
export const couponKindSchema = z.enum(COUPON_KINDS);
export type CouponKind = z.infer<typeof couponKindSchema>;

/**
 * Derived, in this order: `inactive` (switched off), `expired` (its end passed), `used_up` (no use left),
 * `scheduled` (its start is still ahead), else `active`.
 */
export const COUPON_STATUSES = ['scheduled', 'active', 'expired', 'used_up', 'inactive'] as const;
export const couponStatusSchema = z.enum(COUPON_STATUSES);
export type CouponStatus = z.infer<typeof couponStatusSchema>;

/** Managing coupons is back-office work; redeeming one is the company's own (backoffice-credit). */
export const COUPON_PERMISSION = 'backoffice-coupon-code' as const satisfies PermissionTitle;
export const COUPON_REDEEM_PERMISSION = 'backoffice-credit' as const satisfies PermissionTitle;

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 64;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The largest limits a form may set (typo guards, far beyond any campaign). */
export const COUPON_MAX_USES = 1_000_000;
export const COUPON_MAX_AMOUNT_OFF_CENTS = 100_000_000;

export const COUPON_MESSAGES = {
  code: 'Use 3 to 64 letters, digits, - or _',
  codeRequired: 'Enter the coupon code',
  credits: 'Enter the credits the coupon grants',
  percentOff: 'Enter a percentage between 1 and 100',
  amountOff: 'Enter the amount of the discount',
  currency: 'Enter a currency code of three capital letters (EUR)',
  endsAfterStarts: 'The end date must be after the start date',
} as const;

export const couponCodeSchema = textSchema(COUPON_CODE_MAX, { required: COUPON_MESSAGES.codeRequired })
  .min(COUPON_CODE_MIN, COUPON_MESSAGES.code)
  .regex(COUPON_CODE_PATTERN, COUPON_MESSAGES.code);

const limit = (max: number) => z.number().int().min(1).max(max).nullable();

const couponFields = {
  code: couponCodeSchema,
  description: optionalTextSchema(500),
  kind: couponKindSchema,
  /** Kind credits: how many, and of which type (default free: a gift, ADR 0090). */
  credits: z.number().int().min(1).max(MAX_CREDITS_PER_BOOKING).nullish(),
  credit_type: creditTypeSchema.nullish(),
  /** Kind percent: 1–100 % off the package price. */
  percent_off: z.number().int().min(1).max(100).nullish(),
  /** Kind fixed: an amount off the package price, in cents of `currency`. */
  amount_off_cents: z.number().int().min(1).max(COUPON_MAX_AMOUNT_OFF_CENTS).nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, COUPON_MESSAGES.currency),
  /** The packages a discount applies to; empty: every package. */
  package_ids: z.array(z.uuid()).max(100),
  /** Free users: how many distinct companies may redeem it; null: no limit. */
  free_users: limit(COUPON_MAX_USES),
  /** Number of uses in all; null: no limit. */
  max_uses: limit(COUPON_MAX_USES),
  max_uses_per_company: z.number().int().min(1).max(1000),
  starts_at: dateTimeSchema.nullable(),
  ends_at: dateTimeSchema.nullable(),
  active: z.boolean(),
};

type GrantFields = {
  kind?: CouponKind | undefined;
  credits?: number | null | undefined;
  percent_off?: number | null | undefined;
  amount_off_cents?: number | null | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};

/** What a coupon (new, or as an update leaves it) lacks: the field of its kind, an end after its start. */
export function couponIssues(value: GrantFields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (value.kind === 'credits' && !value.credits) issues.push({ path: 'credits', message: COUPON_MESSAGES.credits });
  if (value.kind === 'percent' && !value.percent_off)
    issues.push({ path: 'percent_off', message: COUPON_MESSAGES.percentOff });
  if (value.kind === 'fixed' && !value.amount_off_cents)
    issues.push({ path: 'amount_off_cents', message: COUPON_MESSAGES.amountOff });
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at))
    issues.push({ path: 'ends_at', message: COUPON_MESSAGES.endsAfterStarts });
  return issues;
}

/** POST /coupon-codes. The fields of the other kinds are ignored (stored as null). */
export const couponInputSchema = z
  .object({
    ...couponFields,
    credit_type: creditTypeSchema.default(CREDIT_TYPES[0]),
    currency: couponFields.currency.default('EUR'),
    package_ids: couponFields.package_ids.default([]),
    free_users: couponFields.free_users.optional().default(null),
    max_uses: couponFields.max_uses.optional().default(null),
    max_uses_per_company: couponFields.max_uses_per_company.default(1),
    starts_at: couponFields.starts_at.optional().default(null),
    ends_at: couponFields.ends_at.optional().default(null),
    active: couponFields.active.default(true),
  })
  .superRefine((value, ctx) => {
    for (const issue of couponIssues(value))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

/**
 * PUT /coupon-codes/{id}: changes only the fields it names (the server checks the coupon they leave).
 * A used coupon's limits cannot go below what is used.
 */
export const couponUpdateSchema = z.object(couponFields).partial();
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

export const couponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string().nullable(),
  kind: couponKindSchema,
  credits: z.number().int().nullable(),
  credit_type: creditTypeSchema.nullable(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  currency: z.string(),
  package_ids: z.array(z.uuid()),
  free_users: z.number().int().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_company: z.number().int(),
  /** Redemptions in all, and the distinct companies that redeemed it. */
  uses: z.number().int(),
  companies_used: z.number().int(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  active: z.boolean(),
  status: couponStatusSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const COUPON_SORT_FIELDS = ['code', 'created_at', 'starts_at', 'ends_at', 'uses'] as const;

export const couponListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(COUPON_SORT_FIELDS).default('created_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  status: couponStatusSchema.optional(),
  kind: couponKindSchema.optional(),
});
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

/** GET /coupon-history/{id}: the coupon's redemptions ("used by"), newest first. */
export const couponHistoryQuerySchema = backendListQuerySchema.pick({ page: true, per_page: true });
export type CouponHistoryQuery = z.infer<typeof couponHistoryQuerySchema>;

export const couponRedemptionSchema = z.object({
  id: z.uuid(),
  coupon_id: z.uuid(),
  company: z.object({ id: z.uuid(), name: z.string() }),
  user: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Kind credits: the credits granted. */
  credits: z.number().int().nullable(),
  credit_type: creditTypeSchema.nullable(),
  /** Discount coupons: the discount given, in cents. */
  discount_cents: z.number().int().nullable(),
  invoice_id: z.uuid().nullable(),
  redeemed_at: z.iso.datetime(),
});
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>;

/** POST /check-coupon: what a coupon would give the company (default: the caller's), without redeeming it. */
export const checkCouponSchema = z.object({
  code: textSchema(COUPON_CODE_MAX).pipe(z.string().min(1, COUPON_MESSAGES.codeRequired)),
  /** For a discount coupon: the package to be bought (the discount on its price is answered). */
  package_id: z.uuid().optional(),
  company_id: z.uuid().optional(),
});
export type CheckCoupon = z.infer<typeof checkCouponSchema>;

export const checkCouponResultSchema = z.object({
  message: z.string(),
  coupon_id: z.uuid(),
  code: z.string(),
  kind: couponKindSchema,
  credits: z.number().int().nullable(),
  credit_type: creditTypeSchema.nullable(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  currency: z.string(),
  /** With a package: its price, the discount and the price after it, in cents. */
  price_cents: z.number().int().nullable(),
  discount_cents: z.number().int().nullable(),
  final_price_cents: z.number().int().nullable(),
});
export type CheckCouponResult = z.infer<typeof checkCouponResultSchema>;

/** Main backend paths of the coupons area (relative to the api service); redeeming is CREDIT_ROUTES.redeemCoupon. */
export const COUPON_ROUTES = {
  couponCodes: '/coupon-codes',
  couponCode: (id: string) => `/coupon-codes/${id}`,
  couponHistory: (id: string) => `/coupon-history/${id}`,
  checkCoupon: '/check-coupon',
} as const;

/** The coupons' refusals. */
export const COUPON_ERRORS = defineErrors({
  COUPON_CODE_TAKEN: { status: 409, message: 'A coupon with the code "{{code}}" already exists' },
  COUPON_UNKNOWN: { status: 400, message: 'This coupon code is not valid' },
  COUPON_NOT_STARTED: { status: 400, message: 'This coupon can only be used from {{date}}' },
  COUPON_EXPIRED: { status: 400, message: 'This coupon has expired' },
  COUPON_USED_UP: { status: 409, message: 'This coupon has been used up' },
  COUPON_ALREADY_USED: { status: 409, message: 'This company has already used this coupon' },
  COUPON_NO_FREE_PLACES: {
    status: 409,
    message: 'This coupon has no free places left: as many companies as it allows have used it',
  },
  COUPON_DISCOUNT_AT_PURCHASE: {
    status: 400,
    message: 'This coupon gives a discount on a package purchase: enter it when you buy credits',
  },
  COUPON_GRANTS_CREDITS: { status: 400, message: 'This coupon grants credits: redeem it on your company page instead' },
  COUPON_NOT_FOR_PACKAGE: { status: 400, message: 'This coupon does not apply to this package' },
  COUPON_OTHER_CURRENCY: { status: 400, message: 'This coupon is for purchases in {{currency}}' },
  COUPON_MAX_USES_BELOW_USES: {
    status: 409,
    message: 'This coupon has been used {{uses}} times already: the number of uses cannot be lower',
  },
  COUPON_FREE_USERS_BELOW_USED: {
    status: 409,
    message: '{{companies}} companies have used this coupon already: the free users cannot be fewer',
  },
  COUPON_PACKAGE_NOT_FOUND: { status: 400, message: 'The package was not found' },
});

declare module './errors' {
  interface AreaErrors {
    coupons: typeof COUPON_ERRORS;
  }
}

/** The coupons area: its entries of the permission catalogue. */
export const COUPON_PERMISSION_CATALOGUE = [backofficePermission('coupon-code', 'credits')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof COUPON_PERMISSION_CATALOGUE> {}
}

/**
 * POST /redeem-coupon: a company redeems a credit coupon by its code (any case). A discount
 * coupon is not redeemed here but given when a package is bought.
 */
export const redeemCouponSchema = z.object({
  code: textSchema(64).pipe(z.string().min(1, 'Enter the coupon code')),
  /** Whose credits (default: the caller's company). */
  company_id: z.uuid().optional(),
});
export type RedeemCoupon = z.infer<typeof redeemCouponSchema>;
export const redeemCouponResultSchema = z.object({
  message: z.string(),
  coupon_id: z.uuid(),
  credits: z.number().int(),
  credit_type: creditTypeSchema,
  balance: creditBalanceSchema,
});
export type RedeemCouponResult = z.infer<typeof redeemCouponResultSchema>;
