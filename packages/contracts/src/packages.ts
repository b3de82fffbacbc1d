import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { countryCodeSchema } from './companies';
import {
  creditTypeSchema,
  LOWER_TEETH,
  lowerToothSchema,
  MAX_CREDITS_PER_BOOKING,
  UPPER_TEETH,
  upperToothSchema,
} from './credits';
import { defineErrors } from './errors';
import { DEFAULT_CURRENCY } from './i18n';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { optionalTextSchema, textSchema, VALIDATION_MESSAGES } from './validation';

/**
 * Credit packages, their prices per country, the tooth costs per country and the credit settings
 * (spec section 3). Managing them is back-office work (backoffice-package); a company's own users read
 * what they can buy and what a case costs with backoffice-credit.
 */
export const PACKAGE_PERMISSION = 'backoffice-package' as const satisfies PermissionTitle;
export const CREDIT_PERMISSION = 'backoffice-credit' as const satisfies PermissionTitle;
/** Reading the credit settings: whoever prices cases (backoffice-credit) or manages them (backoffice-package). */
export const CREDIT_SETTINGS_READ_PERMISSIONS = [
  CREDIT_PERMISSION,
  PACKAGE_PERMISSION,
] as const satisfies readonly PermissionTitle[];

/**
 * Money is integer cents of `currency` (spec section 9), DEFAULT_CURRENCY unless a price says otherwise;
 * at most what a PostgreSQL integer holds (about 21 million in the currency).
 */
export const MAX_PRICE_CENTS = 2_147_483_647;
export const PACKAGE_NAME_MAX = 120;
export const PACKAGE_DESCRIPTION_MAX = 2000;
/** The most credits one tooth may cost (a typo guard). */
export const MAX_TOOTH_CREDITS = 100_000;
export const MAX_RECALCULATION_FACTOR = 10;

export const PACKAGE_MESSAGES = {
  credits: 'A package holds at least 1 credit',
  price: 'The price cannot be negative',
  currency: 'Enter a currency code of 3 letters (e.g. EUR)',
  toothCredits: 'A tooth cannot cost less than 0 credits',
  factor: `Enter a factor from 0 to ${MAX_RECALCULATION_FACTOR}`,
  factorDecimals: 'The factor has at most 2 decimals',
  teethRequired: 'Choose at least one tooth',
} as const;

export const currencySchema = textSchema(8)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, PACKAGE_MESSAGES.currency));

const priceCentsSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .int()
  .min(0, PACKAGE_MESSAGES.price)
  .max(MAX_PRICE_CENTS);
const creditsSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .int()
  .min(1, PACKAGE_MESSAGES.credits)
  .max(MAX_CREDITS_PER_BOOKING);
const sortOrderSchema = z.number().int().min(-1_000_000).max(1_000_000);
const toothCreditsSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .int()
  .min(0, PACKAGE_MESSAGES.toothCredits)
  .max(MAX_TOOTH_CREDITS);

// --- Credit packages --------------------------------------------------------------------------

const packageFields = {
  name: textSchema(PACKAGE_NAME_MAX, { required: VALIDATION_MESSAGES.nameRequired }),
  description: optionalTextSchema(PACKAGE_DESCRIPTION_MAX),
  credits: creditsSchema,
  price_cents: priceCentsSchema,
  currency: currencySchema,
  credit_type: creditTypeSchema,
  active: z.boolean(),
  sort_order: sortOrderSchema,
};

/** POST /packages. */
export const packageInputSchema = z.object({
  ...packageFields,
  currency: currencySchema.default(DEFAULT_CURRENCY),
  credit_type: creditTypeSchema.default('paid'),
  active: z.boolean().default(true),
  sort_order: sortOrderSchema.default(0),
});
export type PackageInput = z.input<typeof packageInputSchema>;

/** PUT /packages/{id}: changes only the fields it names. */
export const packageUpdateSchema = z.object(packageFields).partial();
export type PackageUpdate = z.input<typeof packageUpdateSchema>;

export const packageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  credit_type: creditTypeSchema,
  active: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Package = z.infer<typeof packageSchema>;

export const PACKAGE_SORT_FIELDS = ['sort_order', 'name', 'price_cents', 'credits'] as const;
export type PackageSortField = (typeof PACKAGE_SORT_FIELDS)[number];

export const packageListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(PACKAGE_SORT_FIELDS).default('sort_order'),
  active: z.enum(['true', 'false']).optional(),
  credit_type: creditTypeSchema.optional(),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;

// --- Country packages -------------------------------------------------------------------------

const countryPackageFields = {
  package_id: z.uuid({ error: VALIDATION_MESSAGES.required }),
  /** ISO 3166-1 alpha-2, stored upper case. */
  country: countryCodeSchema,
  price_cents: priceCentsSchema,
  currency: currencySchema,
  /** False: the package cannot be bought in this country. */
  available: z.boolean(),
};

/** POST /country-packages: a package's price (and availability) in one country; one per package and country. */
export const countryPackageInputSchema = z.object({
  ...countryPackageFields,
  currency: currencySchema.default(DEFAULT_CURRENCY),
  available: z.boolean().default(true),
});
export type CountryPackageInput = z.input<typeof countryPackageInputSchema>;

/** PUT /country-packages/{id}: the package stays; country, price, currency and availability may change. */
export const countryPackageUpdateSchema = z
  .object({
    country: countryPackageFields.country,
    price_cents: countryPackageFields.price_cents,
    currency: countryPackageFields.currency,
    available: countryPackageFields.available,
  })
  .partial();
export type CountryPackageUpdate = z.input<typeof countryPackageUpdateSchema>;

export const countryPackageSchema = z.object({
  id: z.uuid(),
  package_id: z.uuid(),
  package_name: z.string(),
  country: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  available: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CountryPackage = z.infer<typeof countryPackageSchema>;

export const COUNTRY_PACKAGE_SORT_FIELDS = ['country', 'price_cents', 'created_at'] as const;

export const countryPackageListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(COUNTRY_PACKAGE_SORT_FIELDS).default('country'),
  package_id: z.uuid().optional(),
  country: countryCodeSchema.optional(),
});
export type CountryPackageListQuery = z.infer<typeof countryPackageListQuerySchema>;

// --- What a company can buy -------------------------------------------------------------------

export const availablePackagesQuerySchema = z.object({
  /** Whose country (default: the caller's company). */
  company_id: z.uuid().optional(),
});

/** A package as a company can buy it: the price of its country where one is set, the default price otherwise. */
export const availablePackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  credits: z.number().int(),
  credit_type: creditTypeSchema,
  price_cents: z.number().int(),
  currency: z.string(),
  sort_order: z.number().int(),
  /** `country`: the country package's price; `default`: the package's own. */
  price_source: z.enum(['country', 'default']),
});
export type AvailablePackage = z.infer<typeof availablePackageSchema>;

export const availablePackagesSchema = z.object({
  company_id: z.uuid(),
  country: z.string().nullable(),
  data: z.array(availablePackageSchema),
});
export type AvailablePackages = z.infer<typeof availablePackagesSchema>;

// --- Country credits (tooth costs) ------------------------------------------------------------

const countryCreditFields = {
  country: countryCodeSchema,
  upper_tooth_credits: toothCreditsSchema,
  lower_tooth_credits: toothCreditsSchema,
};

/** POST /country-credits: what one upper and one lower jaw tooth cost in a country; one row per country. */
export const countryCreditInputSchema = z.object(countryCreditFields);
export type CountryCreditInput = z.input<typeof countryCreditInputSchema>;
export const countryCreditUpdateSchema = z.object(countryCreditFields).partial();
export type CountryCreditUpdate = z.input<typeof countryCreditUpdateSchema>;

export const countryCreditSchema = z.object({
  id: z.uuid(),
  country: z.string(),
  upper_tooth_credits: z.number().int(),
  lower_tooth_credits: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CountryCredit = z.infer<typeof countryCreditSchema>;

export const COUNTRY_CREDIT_SORT_FIELDS = ['country', 'upper_tooth_credits', 'lower_tooth_credits'] as const;

export const countryCreditListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(COUNTRY_CREDIT_SORT_FIELDS).default('country'),
  country: countryCodeSchema.optional(),
});
export type CountryCreditListQuery = z.infer<typeof countryCreditListQuerySchema>;

// --- Credit settings --------------------------------------------------------------------------

const factorSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .min(0, PACKAGE_MESSAGES.factor)
  .max(MAX_RECALCULATION_FACTOR, PACKAGE_MESSAGES.factor)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: PACKAGE_MESSAGES.factorDecimals });

/** PUT /credit-settings: changes only the fields it names. */
export const creditSettingsUpdateSchema = z
  .object({
    recalculation_factor: factorSchema,
    /** The tooth costs of a country without a country credits row. */
    default_upper_tooth_credits: toothCreditsSchema,
    default_lower_tooth_credits: toothCreditsSchema,
  })
  .partial();
export type CreditSettingsUpdate = z.input<typeof creditSettingsUpdateSchema>;

export const creditSettingsSchema = z.object({
  recalculation_factor: z.number(),
  default_upper_tooth_credits: z.number().int(),
  default_lower_tooth_credits: z.number().int(),
  updated_at: z.iso.datetime(),
});
export type CreditSettings = z.infer<typeof creditSettingsSchema>;

// --- What a case costs ------------------------------------------------------------------------

/**
 * POST /case-price: the credits a case with these teeth costs a company (default: the caller's), priced
 * in the company's country; or, for back-office price checks, in `country` directly. A tooth named twice
 * counts once.
 */
export const casePriceInputSchema = z
  .object({
    company_id: z.uuid().optional(),
    /** Price in this country instead of a company's (ISO alpha-2). */
    country: countryCodeSchema.optional(),
    upper_teeth: z.array(upperToothSchema).max(UPPER_TEETH.length * 2),
    lower_teeth: z.array(lowerToothSchema).max(LOWER_TEETH.length * 2),
    recalculation: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.upper_teeth.length && !value.lower_teeth.length)
      ctx.addIssue({ code: 'custom', path: ['upper_teeth'], message: PACKAGE_MESSAGES.teethRequired });
  });
export type CasePriceInput = z.input<typeof casePriceInputSchema>;

/** What a case costs: the sum over its teeth of the country's upper or lower tooth cost, times the factor for a recalculation. */
export const casePriceSchema = z.object({
  credits: z.number().int(),
  upper_tooth_credits: z.number().int(),
  lower_tooth_credits: z.number().int(),
  teeth: z.object({ upper: z.array(z.number().int()), lower: z.array(z.number().int()) }),
  recalculation: z.boolean(),
  recalculation_factor: z.number(),
  country: z.string().nullable(),
  /** `country`: the country's tooth costs; `default`: the settings' (no row for the country). */
  source: z.enum(['country', 'default']),
});
export type CasePrice = z.infer<typeof casePriceSchema>;

/** Main backend paths of these areas (relative to the api service). */
export const PACKAGE_ROUTES = {
  packages: '/packages',
  package: (id: string) => `/packages/${id}`,
  countryPackages: '/country-packages',
  countryPackage: (id: string) => `/country-packages/${id}`,
  availablePackages: '/available-packages',
  countryCredits: '/country-credits',
  countryCredit: (id: string) => `/country-credits/${id}`,
  creditSettings: '/credit-settings',
  casePrice: '/case-price',
} as const;

/** The packages' and country packages' refusals. */
export const PACKAGE_ERRORS = defineErrors({
  PACKAGE_NOT_FOUND: { status: 400, message: 'The package was not found' },
  COUNTRY_PACKAGE_TAKEN: { status: 409, message: 'This package already has a price for {{country}}' },
});

/** The country credits' refusals. */
export const COUNTRY_CREDIT_ERRORS = defineErrors({
  COUNTRY_CREDIT_TAKEN: { status: 409, message: 'The tooth costs of {{country}} are already set' },
});

declare module './errors' {
  interface AreaErrors {
    packages: typeof PACKAGE_ERRORS;
    'country-credits': typeof COUNTRY_CREDIT_ERRORS;
  }
}

/** The packages area: its entries of the permission catalogue. */
export const PACKAGE_PERMISSION_CATALOGUE = [backofficePermission('package', 'credits')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof PACKAGE_PERMISSION_CATALOGUE> {}
}
