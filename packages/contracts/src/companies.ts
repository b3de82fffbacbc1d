import { z } from 'zod';
import { backendListQuerySchema, errorResponseSchema } from './common';
import { defineErrors } from './errors';
import { flagRefSchema } from './flags';
import { LANGUAGE_CODES } from './i18n';
import { backofficePermission, type TitlesOf } from './permissions';
import {
  mailSchema,
  newPasswordSchema,
  optionalTextSchema as optionalText,
  textSchema,
  VALIDATION_MESSAGES,
} from './validation';

const optionalMail = z
  .union([z.literal(''), mailSchema])
  .nullish()
  .transform((v) => (v ? v : null));
export const countryCodeSchema = textSchema(64)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, VALIDATION_MESSAGES.countryRequired));

export const bankAccountInputSchema = z.object({
  account_holder: optionalText(200),
  bank_name: optionalText(200),
  iban: textSchema(100)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/, 'The IBAN is not valid')),
  bic: optionalText(11),
  is_default: z.boolean().default(false),
});
export type BankAccountInput = z.infer<typeof bankAccountInputSchema>;

export const bankAccountSchema = z.object({
  id: z.uuid(),
  account_holder: z.string().nullable(),
  bank_name: z.string().nullable(),
  iban: z.string(),
  bic: z.string().nullable(),
  is_default: z.boolean(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The fields a company form edits (spec section 3). */
export const companyFieldsSchema = z.object({
  company_name: textSchema(200, { required: true }),
  company_number: optionalText(40),
  vat_id: optionalText(20),
  country: countryCodeSchema,
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  city: optionalText(100),
  zip: optionalText(20),
  invoice_email_address: optionalMail,
  warning_mail_address: optionalMail,
  apply_reverse_charge: z.boolean().default(false),
  external_order_number: optionalText(100),
  contact_person: optionalText(200),
});

const partnerIds = {
  reseller_id: z.uuid().nullish(),
  sales_partner_id: z.uuid().nullish(),
  service_partner_id: z.uuid().nullish(),
};

export const companyCreateSchema = companyFieldsSchema.extend({
  ...partnerIds,
  bank_accounts: z.array(bankAccountInputSchema).max(20).default([]),
});
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

/** An update replaces every field it names; bank_accounts, when given, replaces the whole list. */
export const companyUpdateSchema = companyFieldsSchema
  .extend({ ...partnerIds, bank_accounts: z.array(bankAccountInputSchema).max(20) })
  .partial();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

export const companyRefSchema = z.object({ id: z.uuid(), company_name: z.string() });

export const companySchema = z.object({
  id: z.uuid(),
  company_name: z.string(),
  company_number: z.string(),
  vat_id: z.string().nullable(),
  country: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  invoice_email_address: z.string().nullable(),
  warning_mail_address: z.string().nullable(),
  apply_reverse_charge: z.boolean(),
  external_order_number: z.string().nullable(),
  contact_person: z.string().nullable(),
  reseller: companyRefSchema.nullable(),
  sales_partner: companyRefSchema.nullable(),
  service_partner: companyRefSchema.nullable(),
  has_logo: z.boolean(),
  is_operator: z.boolean(),
  bank_accounts: z.array(bankAccountSchema),
  /**
   * Its flag and tags (ADR 0054), set through POST /update-flags. Left out for callers who may not
   * label companies (a practice reading its own company at /my-company): labels are back-office notes.
   */
  flag: flagRefSchema.nullable().optional(),
  tags: z.array(flagRefSchema).optional(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORT_FIELDS = ['company_name', 'company_number', 'country', 'city', 'created_at'] as const;

export const companyListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(COMPANY_SORT_FIELDS).default('company_name'),
  country: countryCodeSchema.optional(),
  /** Companies that have this company as reseller, sales partner or service partner. */
  partner_id: z.uuid().optional(),
  /** Companies carrying this flag. */
  flag_id: z.uuid().optional(),
  /** Companies carrying this tag. */
  tag_id: z.uuid().optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const companyOwnersSchema = z.object({
  company_id: z.uuid(),
  ...partnerIds,
});
export type CompanyOwners = z.infer<typeof companyOwnersSchema>;

export const PARTNER_RELATIONS = ['reseller', 'sales-partner', 'service-partner'] as const;
export const partnerRelationSchema = z.enum(PARTNER_RELATIONS);
export type PartnerRelation = z.infer<typeof partnerRelationSchema>;

export const resellerPartnerQuerySchema = backendListQuerySchema.extend({
  type: partnerRelationSchema.optional(),
});
export const partnerCompanySchema = companyRefSchema.extend({
  company_number: z.string(),
  country: z.string().nullable(),
  types: z.array(partnerRelationSchema),
});

export const partnerCompaniesQuerySchema = backendListQuerySchema.extend({ partner_id: z.uuid().optional() });
export const partnerChildSchema = companyRefSchema.extend({
  company_number: z.string(),
  country: z.string().nullable(),
  relations: z.array(partnerRelationSchema),
});

/** Spec section 5: company registration (company fields, the first user, captcha). */
export const registerCompanySchema = companyFieldsSchema
  .pick({
    company_name: true,
    vat_id: true,
    country: true,
    address_line1: true,
    address_line2: true,
    city: true,
    zip: true,
    contact_person: true,
  })
  .extend({
    mail: mailSchema,
    password: newPasswordSchema,
    first_name: optionalText(100),
    last_name: optionalText(100),
    captcha_id: z.uuid().optional(),
    captcha_answer: textSchema(20).optional(),
    /** The language of the first user's mails (the web form sends its current UI language). */
    contact_language: z.enum(LANGUAGE_CODES).optional(),
  });
export type RegisterCompany = z.infer<typeof registerCompanySchema>;
export const registerCompanyResponseSchema = z.object({
  message: z.string(),
  company_id: z.uuid(),
  user_id: z.uuid(),
});

/** POST /delete-company-logo (and the company_id field of /upload-company-logo). */
export const companyIdBodySchema = z.object({ company_id: z.uuid() });
export type CompanyIdBody = z.infer<typeof companyIdBodySchema>;
/** Logo files the server accepts (checked by content; SVG sanitised). */
export const COMPANY_LOGO_ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';

/** POST /send-register-mail: (re)send the registration welcome mail to a user. */
export const sendRegisterMailSchema = z.object({
  user_id: z.uuid(),
});
export type SendRegisterMail = z.infer<typeof sendRegisterMailSchema>;

export const captchaSchema = z.object({ id: z.uuid(), image: z.string(), expires_at: z.iso.datetime() });

export const checkVatIdSchema = z.object({
  vat_id: textSchema(20, { required: true }),
  country: countryCodeSchema.optional(),
});
export const vatCheckResultSchema = z.object({
  valid: z.boolean(),
  name: z.string().optional(),
  address: z.string().optional(),
  checkedOnline: z.boolean(),
});
export type VatCheckResult = z.infer<typeof vatCheckResultSchema>;

export const registrationConfigurationSchema = z.object({
  role_id: z.uuid().nullable(),
  free_credits: z.number().int().min(0).max(1_000_000),
  captcha_enabled: z.boolean(),
  vat_required_countries: z.array(countryCodeSchema).max(300),
  allowed_countries: z.array(countryCodeSchema).max(300),
});
export type RegistrationConfiguration = z.infer<typeof registrationConfigurationSchema>;
/** The stored configuration as answered (plain values: response schemas carry no transforms). */
export const registrationConfigurationResponseSchema = z.object({
  role_id: z.uuid().nullable(),
  free_credits: z.number().int(),
  captcha_enabled: z.boolean(),
  vat_required_countries: z.array(z.string()),
  allowed_countries: z.array(z.string()),
});
export const registrationOptionsSchema = registrationConfigurationResponseSchema.pick({
  captcha_enabled: true,
  vat_required_countries: true,
  allowed_countries: true,
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

export const unitInputSchema = z.object({
  company_id: z.uuid().optional(),
  parent_id: z.uuid().nullish(),
  name: textSchema(200, { required: true }),
  description: optionalText(1000),
  user_ids: z.array(z.uuid()).max(1000).optional(),
});
export const unitUpdateSchema = unitInputSchema.omit({ company_id: true }).partial();
export const unitSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  parent_id: z.uuid().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  user_ids: z.array(z.uuid()),
  created_at: z.iso.datetime(),
});
export type Unit = z.infer<typeof unitSchema>;
export const unitListQuerySchema = backendListQuerySchema.extend({ company_id: z.uuid().optional() });
export const showUnitQuerySchema = z.object({ company_id: z.uuid().optional() });
export const deleteUnitsSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export const detachUnitSchema = z.object({ unit_id: z.uuid(), user_id: z.uuid() });

/** Countries the company forms offer (ISO alpha-2): the EU states first, then other markets served. */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;
export const COUNTRY_CODES = [...EU_COUNTRY_CODES, 'CH', 'GB', 'IS', 'LI', 'NO', 'TR', 'US', 'CA', 'AU'] as const;

/** One refused line of a company import: line 1 is the header, data starts on line 2. */
export const companyImportErrorSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export type CompanyImportError = z.infer<typeof companyImportErrorSchema>;
/**
 * A refused import (400): nothing was written. The standard error answer, `errors` keyed by line
 * (`line 12`: `column: problem`), plus `lines`: every refused line with its column, for a table.
 */
export const companyImportRefusalSchema = errorResponseSchema.extend({ lines: z.array(companyImportErrorSchema) });
export type CompanyImportRefusal = z.infer<typeof companyImportRefusalSchema>;
/** The text encodings the import recognises (ADR 0060). */
export const CSV_ENCODINGS = ['UTF-8', 'UTF-8 with BOM', 'UTF-16LE', 'UTF-16BE', 'Windows-1252'] as const;
export const companyImportResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** How the file's bytes were read. */
  encoding: z.enum(CSV_ENCODINGS),
});
export type CompanyImportResult = z.infer<typeof companyImportResultSchema>;

/**
 * Messages about reading import files (users read them). The company number refusals are area error codes
 * (COMPANY_NUMBER_TAKEN, COMPANY_NUMBER_FROM_BACK_OFFICE in errors.ts).
 */
export const COMPANY_MESSAGES = {
  importUndecodable: (encoding: string) =>
    `This line holds bytes that are not ${encoding} text. Save the file as "CSV UTF-8" and import it again.`,
  importNul:
    'This line holds a NUL character, which a CSV file cannot hold. Save the file as "CSV UTF-8" and import it again.',
} as const;

/** Main backend paths of this area (relative to the api service). */
export const COMPANY_ROUTES = {
  companies: '/companies',
  companiesCsv: '/companies/download/csv',
  companiesImport: '/companies-import',
  company: (id: string) => `/companies/${id}`,
  myCompany: '/my-company',
  resellerPartners: '/get-reseller-partner',
  partnerCompanies: '/get-partner-companies',
  saveOwners: '/save-company-owners',
  captcha: '/captcha/api',
  checkVatId: '/check-vat-id',
  registerCompany: '/register-company',
  registrationOptions: '/registration-options',
  registrationConfiguration: '/registration-configuration',
  saveRegistrationConfiguration: '/save-registration-configuration',
  showUnit: '/show-unit',
  units: '/units',
  unit: (id: string) => `/units/${id}`,
  deleteUnits: '/delete-units',
  detachUnit: '/detach-unit',
  uploadCompanyLogo: '/upload-company-logo',
  deleteCompanyLogo: '/delete-company-logo',
  companyLogo: (id: string) => `/companies/${id}/logo`,
  sendRegisterMail: '/send-register-mail',
} as const;

/** The companies' refusals (ADR 0038). */
export const COMPANY_ERRORS = defineErrors({
  COMPANY_PARTNER_NOT_FOUND: { status: 400, message: 'The partner company was not found' },
  COMPANY_OWN_PARTNER: { status: 400, message: 'A company cannot be its own partner' },
  COMPANY_PARTNER_CYCLE: { status: 400, message: 'This reseller is below the company in the partner hierarchy' },
  COMPANY_OUT_OF_REACH: { status: 400, message: 'The company must stay below your company in the partner hierarchy' },
  COMPANY_NUMBER_FROM_BACK_OFFICE: {
    status: 400,
    message: 'Company numbers are given by the back office. Leave the field empty and the next free number is given.',
  },
  COMPANY_NUMBER_TAKEN: { status: 409, message: 'This company number is already taken' },
  COMPANY_OWN_PARTNERS_BACK_OFFICE: {
    status: 403,
    message: "Your own company's partners can only be changed by the back office",
  },
  COMPANY_OPERATOR_NOT_DELETABLE: { status: 409, message: "The operator's own company cannot be deleted" },
  COMPANY_OWN_NOT_DELETABLE: { status: 409, message: 'You cannot delete your own company' },
  COMPANY_HAS_DEPENDANTS: {
    status: 409,
    message:
      'This company is still the partner of other companies ({{companies}}: {{resellers}} as reseller, {{sales_partners}} as sales partner, {{service_partners}} as service partner). Assign them another partner first.',
  },
  COMPANY_LOGO_NOT_AN_IMAGE: { status: 400, message: 'The logo must be a PNG, JPEG or SVG image' },
  COMPANY_LOGO_TYPE_MISMATCH: { status: 400, message: 'The file content does not match its file type' },
  COMPANY_LOGO_SVG_EMPTY: { status: 400, message: 'The SVG has no drawing left after removing unsafe content' },
});

/** The units' refusals (ADR 0038). */
export const UNIT_ERRORS = defineErrors({
  UNIT_COMPANY_NOT_FOUND: { status: 400, message: 'The company was not found' },
  UNIT_PARENT_NOT_FOUND: { status: 400, message: 'The parent unit was not found' },
  UNIT_PARENT_CYCLE: { status: 400, message: 'A unit cannot be placed below itself' },
  UNIT_MEMBER_OTHER_COMPANY: { status: 400, message: 'Only users of the same company can belong to a unit' },
});

/** The registration's refusals (ADR 0038). */
export const REGISTRATION_ERRORS = defineErrors({
  REGISTRATION_COUNTRY_CLOSED: { status: 400, message: 'Registration is not open for this country' },
  VAT_ID_REQUIRED: { status: 400, message: 'A VAT id is required for this country' },
  VAT_ID_INVALID: { status: 400, message: 'The VAT id is not valid' },
  VAT_ID_UNKNOWN: { status: 400, message: 'The VAT id is not valid: VIES does not know it' },
  CAPTCHA_WRONG: { status: 400, message: 'The captcha answer is wrong or expired. Please try the new image.' },
  REGISTRATION_ROLE_NOT_FOUND: { status: 400, message: 'The role was not found' },
  ROLE_NOT_REGISTRABLE: {
    status: 400,
    message: 'This role cannot be given on registration: it is not flagged "can register"',
  },
});

declare module './errors' {
  interface AreaErrors {
    companies: typeof COMPANY_ERRORS;
    units: typeof UNIT_ERRORS;
    registration: typeof REGISTRATION_ERRORS;
  }
}

/** The companies area: its entries of the permission catalogue. */
export const COMPANY_PERMISSION_CATALOGUE = [backofficePermission('company', 'companies')] as const;

/** The units area: its entries of the permission catalogue. */
export const UNIT_PERMISSION_CATALOGUE = [backofficePermission('unit', 'companies')] as const;

/** Registration: the referral roles a partner company manages: its entries of the permission catalogue. */
export const REGISTRATION_PERMISSION_CATALOGUE = [backofficePermission('referral', 'referrals', true)] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof COMPANY_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof UNIT_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof REGISTRATION_PERMISSION_CATALOGUE> {}
}
