import { GENERIC_ERROR_MESSAGE } from '@cuspid/contracts/errors';
import type { FormErrors } from '@mantine/form';
import type { NotificationData } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ApiError } from './api-error';
import { focusFirstErrorSoon } from './focus-first-error';
import { translateValidationMessage } from './form-validation';
import { i18n } from './i18n';

/** Spec section 8 and 9: toasts stay 5 s, bottom-right. */
export const NOTIFY_AUTO_CLOSE_MS = 5000;

// Loaded on first use (the toast container is lazy too), so the login page's first bundle stays small.
function show(notification: NotificationData): Promise<void> {
  return import('@mantine/notifications').then(({ notifications }) => {
    notifications.show(notification);
  });
}

type FormLike = { setErrors: (errors: FormErrors) => void };

/**
 * The text to show for an error: the code translated (with the answer's `params`) when the user's language
 * knows it, else the server's message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof i18n.getResource(i18n.language, 'errors', error.code) === 'string') {
      return i18n.t(`errors:${error.code}`, error.params ?? {});
    }
    if (error.message) return error.message;
  }
  return i18n.t('errors:INTERNAL', { defaultValue: GENERIC_ERROR_MESSAGE });
}

/** Error toast; field errors (first message per field) go onto the form when one is given. */
export function notifyError(error: unknown, form?: FormLike): void {
  if (!(error instanceof ApiError)) console.error(error);
  if (form && error instanceof ApiError && error.errors) {
    const fieldErrors: FormErrors = {};
    for (const [field, messages] of Object.entries(error.errors)) {
      const first = messages[0];
      if (first) fieldErrors[field] = translateValidationMessage(first);
    }
    form.setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) focusFirstErrorSoon();
  }
  void show({
    title: i18n.t('common:notify.error'),
    message: errorMessage(error),
    color: 'red',
    autoClose: NOTIFY_AUTO_CLOSE_MS,
    'data-testid': 'notification-error',
  });
}

/** Success toast, for answers that carry `message` or `msg`, or a message of the web's own. */
export function notifySuccess(message: ReactNode): void {
  void show({
    title: i18n.t('common:notify.success'),
    message,
    color: 'teal',
    autoClose: NOTIFY_AUTO_CLOSE_MS,
    'data-testid': 'notification-success',
  });
}

/** After a forced logout (spec section 8). */
export function notifyRelogin(): void {
  void show({
    id: 'relogin',
    title: i18n.t('common:notify.error'),
    message: i18n.t('common:notify.relogin'),
    color: 'red',
    autoClose: NOTIFY_AUTO_CLOSE_MS,
    'data-testid': 'notification-relogin',
  });
}
