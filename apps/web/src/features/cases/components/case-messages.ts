import { CASE_MESSAGES } from '@cuspid/contracts/cases';
import type { FormErrors } from '@mantine/form';
import { i18n } from '../../../lib/i18n';

const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(CASE_MESSAGES).map(([key, message]) => [message, key] as [string, string]),
);

/** The cases contract's English validation messages in the user's language (others as they are). */
export function translateCaseErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const key = typeof message === 'string' ? KEY_BY_MESSAGE.get(message) : undefined;
      return [field, key ? i18n.t(`cases:messages.${key}`) : message];
    }),
  );
}
