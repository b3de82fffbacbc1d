import { z } from 'zod';

/** Spec section 5 and 9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The years a date of any input may fall in: PostgreSQL and JavaScript both hold them, people mean them. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;

export const VALIDATION_MESSAGES = {
  mailRequired: 'The Email field is required',
  mailInvalid: 'The Email field must be a valid email',
  passwordRequired: 'The Password field is required',
  passwordMin: `The Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordMax: `The Password may not be longer than ${PASSWORD_MAX_LENGTH} characters`,
  passwordNumber: 'The Password must contain at least 1 number',
  passwordCapital: 'The Password must contain at least 1 capital letter',
  passwordSpecial: 'The Password must contain at least 1 special character',
  passwordMismatch: 'Password and confirmation must match',
  required: 'This field is required',
  formRequired: 'This form is required to be filled',
  nameRequired: 'The Name field is required',
  fileRequired: 'The File field is required',
  colourHex: 'Choose a colour as #RRGGBB',
  recordTypesRequired: 'Choose at least one kind of record',
  labelsNothingToChange: 'Choose a flag or tags to set or remove',
  labelsAddAndRemove: 'A tag cannot be added and removed at once',
  // Two-factor sign-in (ADR 0033)
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeOrRecoveryRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  twoFactorCodeWrong: 'The code is wrong or was used already',
  passwordWrong: 'The password is wrong',
  passwordOrCodeRequired: 'Enter your password or a code from your authenticator app',
  // Text and dates of every input (textSchema, dateSchema, dateTimeSchema)
  textUnstorable: 'This text contains a character that cannot be stored (a NUL character or a broken one)',
  dateInvalid: 'Enter a date (YYYY-MM-DD)',
  dateTimeInvalid: 'Enter a date and time',
  dateOrDateTimeInvalid: 'Enter a date (YYYY-MM-DD) or a date and time',
  dateOutOfRange: `Enter a date between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`,
  valueNotStorable: 'A value of this request cannot be stored (a character, number or date out of range)',
} as const;

/** A too long text: the web shows its own translation of `too_big` issues (validation:tooLong). */
export const tooLongMessage = (max: number) => `This field may not be longer than ${max} characters`;
export const tooShortMessage = (min: number) => `This field must be at least ${min} characters long`;

export type PasswordRule = 'min' | 'number' | 'capital' | 'special';

/** The password rules that a password breaks, in the order the web lists them. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) broken.push('min');
  if (!/[0-9]/.test(password)) broken.push('number');
  if (!/\p{Lu}/u.test(password)) broken.push('capital');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) broken.push('special');
  return broken;
}

const passwordRuleMessage: Record<PasswordRule, string> = {
  min: VALIDATION_MESSAGES.passwordMin,
  number: VALIDATION_MESSAGES.passwordNumber,
  capital: VALIDATION_MESSAGES.passwordCapital,
  special: VALIDATION_MESSAGES.passwordSpecial,
};

export const mailSchema = z
  .string({ error: VALIDATION_MESSAGES.mailRequired })
  .trim()
  .min(1, VALIDATION_MESSAGES.mailRequired)
  .max(254, VALIDATION_MESSAGES.mailInvalid)
  .pipe(z.email({ error: VALIDATION_MESSAGES.mailInvalid }))
  .transform((mail) => mail.toLowerCase());

/** A password that meets the policy (for new passwords). */
export const newPasswordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordMax)
  .refine((password) => isStorableText(password), { message: VALIDATION_MESSAGES.textUnstorable, abort: true })
  .superRefine((password, ctx) => {
    for (const rule of brokenPasswordRules(password)) {
      ctx.addIssue({ code: 'custom', message: passwordRuleMessage[rule] });
    }
  });

/** Any password (for sign-in: the policy may have changed since it was set). */
export const passwordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordMax);

/**
 * What PostgreSQL `text` cannot store: NUL, and lone UTF-16 surrogates (no Unicode character at all;
 * the drivers would silently turn them into U+FFFD). Every other character, RTL marks and emoji too, is fine.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u;
export const isStorableText = (value: string) => !UNSTORABLE_TEXT.test(value);

type TextOptions = {
  /** Refuses a missing or (after trimming) empty value with `message` (default: "This field is required"). */
  required?: boolean | string;
  /** Trims surrounding white space before the length checks (default true). */
  trim?: boolean;
  min?: number;
};

/**
 * The one text schema of every input (bodies, queries, multipart fields): refuses what PostgreSQL cannot
 * store and names the rule a value breaks ("may not be longer than N characters", "This field is required").
 * Chain `.regex()`, `.optional()`, `.nullish()` and so on as with `z.string()`.
 */
export function textSchema(max: number, options: TextOptions = {}) {
  const requiredMessage =
    typeof options.required === 'string'
      ? options.required
      : options.required
        ? VALIDATION_MESSAGES.required
        : undefined;
  // Only a missing value or a value of the wrong type gets the schema-level message: the checks below
  // carry their own, so a too long value never answers "This field is required".
  let schema = z
    .string({
      error: (issue) => (issue.input === undefined ? (requiredMessage ?? VALIDATION_MESSAGES.required) : undefined),
    })
    .refine(isStorableText, { message: VALIDATION_MESSAGES.textUnstorable, abort: true });
  if (options.trim !== false) schema = schema.trim();
  if (requiredMessage) schema = schema.min(1, requiredMessage);
  if (options.min) schema = schema.min(options.min, tooShortMessage(options.min));
  return schema.max(max, tooLongMessage(max));
}

/** Optional text where an empty value means none (stored as null). */
export const optionalTextSchema = (max: number) =>
  textSchema(max)
    .nullish()
    .transform((v) => (v ? v : null));

const yearInRange = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
};

/** A calendar date `YYYY-MM-DD` in the years DATE_MIN_YEAR to DATE_MAX_YEAR. */
export const dateSchema = z
  .string({ error: VALIDATION_MESSAGES.dateInvalid })
  .trim()
  .pipe(z.iso.date({ error: VALIDATION_MESSAGES.dateInvalid }))
  .refine(yearInRange, VALIDATION_MESSAGES.dateOutOfRange);

/** An ISO date-time with an offset (`2026-12-01T09:30:00Z`, `…+01:00`) in the years DATE_MIN_YEAR to DATE_MAX_YEAR. */
export const dateTimeSchema = z
  .string({ error: VALIDATION_MESSAGES.dateTimeInvalid })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: VALIDATION_MESSAGES.dateTimeInvalid }))
  .refine(yearInRange, VALIDATION_MESSAGES.dateOutOfRange);

/** A date or a date-time (filters such as the audit trail's `from` and `to`). */
export const dateOrDateTimeSchema = z
  .string({ error: VALIDATION_MESSAGES.dateOrDateTimeInvalid })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: VALIDATION_MESSAGES.dateOrDateTimeInvalid,
    abort: true,
  })
  .refine(yearInRange, VALIDATION_MESSAGES.dateOutOfRange);
