import { z } from 'zod';
import {
  brokenPasswordRules,
  DATE_MAX_YEAR,
  DATE_MIN_YEAR,
  isStorableText,
  PASSWORD_MAX_LENGTH,
  type PasswordRule,
  tooLongMessage,
  tooShortMessage,
  VALIDATION_MESSAGES,
} from './validation-rules';

// The zod-free rules and messages, and the sign-in form's schemas (zod/mini), live apart so that the web's
// sign-in page can read them without full zod (ADR 0110).
export { mailSchema, passwordSchema } from './sign-in';
export * from './validation-rules';

const passwordRuleMessage: Record<PasswordRule, string> = {
  min: VALIDATION_MESSAGES.passwordMin,
  number: VALIDATION_MESSAGES.passwordNumber,
  capital: VALIDATION_MESSAGES.passwordCapital,
  special: VALIDATION_MESSAGES.passwordSpecial,
};

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

/**
 * The project's date rule: a date's year lies in DATE_MIN_YEAR to DATE_MAX_YEAR. Every date input takes it (through
 * the schemas below); a test finds every route input's date fields by this check and fails on one without it.
 */
export const yearInRange = (value: string) => {
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
