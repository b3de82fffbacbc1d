import { VALIDATION_MESSAGES } from '@cuspid/contracts';
import { INVOICE_LINE_MESSAGES, MAX_INVOICE_LINES, MAX_LINE_QUANTITY } from '@cuspid/contracts/invoices';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { schemaErrors, translateValidationMessage } from '../../../lib/form-validation';

const KEY_BY_MESSAGE = new Map(Object.entries(INVOICE_LINE_MESSAGES).map(([key, message]) => [message as string, key]));

/**
 * One field's message in the user's language: the contracts' invoice messages from this area's dictionary (the
 * price in the currency's units, as the form takes it, not in cents), the payment term and the company in words
 * of the form, the common messages as every form shows them.
 */
function ownMessage(t: TFunction, path: string, message: string, maxPrice: string): string | undefined {
  const key = KEY_BY_MESSAGE.get(message);
  if (key)
    return t(`invoices:validation.${key}`, { max: maxPrice, quantity: MAX_LINE_QUANTITY, lines: MAX_INVOICE_LINES });
  if (path === 'payment_term_days') return t('invoices:validation.paymentTermDays');
  if (path === 'company_id') return translateValidationMessage(VALIDATION_MESSAGES.required);
  return undefined;
}

/** The form's field errors from the contracts' schema for the body it would send (first message per field). */
export function invoiceFormErrors(t: TFunction, schema: z.ZodType, body: unknown, maxPrice: string): FormErrors {
  return schemaErrors(schema, body, { word: (issue, path) => ownMessage(t, path, issue.message, maxPrice) });
}

/** A server refusal's field errors (first message per field), worded as the form's own checks word them. */
export function invoiceServerErrors(t: TFunction, errors: FormErrors, maxPrice: string): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path,
      ownMessage(t, path, String(message), maxPrice) ?? translateValidationMessage(String(message)),
    ]),
  );
}
