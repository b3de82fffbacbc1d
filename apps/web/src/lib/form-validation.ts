import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES } from '@cuspid/contracts/validation-rules';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
// The core's safeParse takes full-zod and zod/mini schemas (the login form's), and keeps full zod out of the
// login page's JS (ADR 0110).
import { safeParse } from 'zod/mini';
import { i18n } from './i18n';

// The contracts' schemas carry the spec's English messages; the web shows them in the user's language.
const KEY_BY_MESSAGE = new Map<string, string>([
  ...Object.entries(VALIDATION_MESSAGES).map(([key, message]) => [message, key] as [string, string]),
  ['Unknown time zone', 'unknownTimeZone'],
]);
const PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

export function translateValidationMessage(message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  return key ? i18n.t(`validation:${key}`, PARAMS) : message;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (KEY_BY_MESSAGE.has(issue.message)) return translateValidationMessage(issue.message);
  if (issue.code === 'too_big' && 'maximum' in issue) return i18n.t('validation:tooLong', { max: issue.maximum });
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') return i18n.t('validation:invalid');
  return issue.message;
}

/** How a form words the issues of its schema, where it does not take the common wording. */
export type IssueWording = {
  /** The form's own text for an issue at `path`; undefined for the common translation. */
  word?: (issue: z.core.$ZodIssue, path: string) => string | undefined;
  /** The form field that shows the issues of a body path (price_cents → price, to.2 → to). */
  field?: (path: string) => string;
};

/**
 * Field errors from a zod schema, the first issue per field, in the user's language: the form's own wording first,
 * else the contracts' messages translated. The one mapping from zod issues to form errors.
 */
export function schemaErrors(schema: z.core.$ZodType, values: unknown, { word, field }: IssueWording = {}): FormErrors {
  const result = safeParse(schema, values);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const key = field ? field(path) : path;
    if (!(key in errors)) errors[key] = word?.(issue, path) ?? issueMessage(issue);
  }
  return errors;
}

type Check<Values> = (values: Values) => FormErrors;

/** A Mantine `validate` function: the contracts' schema first, then form-only checks (e.g. confirmation). */
export function zodFormValidator<Values>(schema: z.core.$ZodType, ...checks: Check<Values>[]) {
  return (values: Values): FormErrors => {
    const errors = schemaErrors(schema, values);
    for (const check of checks) {
      for (const [path, message] of Object.entries(check(values))) {
        if (!(path in errors) && message) errors[path] = message;
      }
    }
    return errors;
  };
}

/** 'Password and confirmation must match'. */
export function matchingConfirmation<Values extends Record<string, unknown>>(
  field: keyof Values,
  confirmation: keyof Values,
) {
  return (values: Values): FormErrors =>
    values[field] === values[confirmation]
      ? {}
      : { [confirmation]: translateValidationMessage(VALIDATION_MESSAGES.passwordMismatch) };
}
