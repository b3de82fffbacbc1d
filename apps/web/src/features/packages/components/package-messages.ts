import { PACKAGE_MESSAGES } from '@cuspid/contracts/packages';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { schemaErrors } from '../../../lib/form-validation';

const KEY_BY_MESSAGE = new Map(Object.entries(PACKAGE_MESSAGES).map(([key, message]) => [message as string, key]));

/**
 * Field errors of a form from the contracts' schema (first message per field, in the user's language): the
 * messages of this area (PACKAGE_MESSAGES) from its own dictionary, the common ones as every form does.
 * `rename` maps a body field to the form field that edits it (price_cents → price).
 */
export function packageFormErrors(
  t: TFunction,
  schema: z.ZodType,
  body: unknown,
  rename: Record<string, string> = {},
): FormErrors {
  return schemaErrors(schema, body, {
    word: (issue) => {
      const key = KEY_BY_MESSAGE.get(issue.message);
      return key ? t(`packages:validation.${key}`) : undefined;
    },
    field: (path) => rename[path] ?? path,
  });
}

/** A server refusal's field errors, on the form's own fields. */
export const renamedErrors = (errors: FormErrors, rename: Record<string, string>): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [rename[path] ?? path, message]));
