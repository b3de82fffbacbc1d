import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { setLanguage } from './i18n';
import { errorMessage, notifyError, notifySuccess } from './notify';

describe('notify', () => {
  const show = vi.fn();

  beforeEach(() => {
    show.mockReset();
    vi.doMock('@mantine/notifications', async (importOriginal) => {
      const actual = await importOriginal<typeof import('@mantine/notifications')>();
      return { ...actual, notifications: { ...actual.notifications, show } };
    });
  });

  afterEach(() => {
    vi.doUnmock('@mantine/notifications');
  });

  it('sets the first message per field on the form and shows an Error toast for 5 s', async () => {
    const form = { setErrors: vi.fn() };
    notifyError(
      new ApiError(409, {
        code: 'MAIL_TAKEN',
        message: 'taken',
        errors: {
          mail: ['This mail address is already registered', 'second'],
          password: ['The Password field is required'],
        },
      }),
      form,
    );
    expect(form.setErrors).toHaveBeenCalledWith({
      mail: 'This mail address is already registered',
      password: 'The Password field is required',
    });
    await vi.waitFor(
      () =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({
            title: 'Error',
            message: 'This mail address is already registered',
            autoClose: 5000,
          }),
        ),
      { timeout: 10_000 },
    );
  });

  it('translates a known code, falls back to the server message, then to the generic text', async () => {
    await setLanguage('de', { remember: false });
    expect(errorMessage(new ApiError(401, { code: 'INVALID_CREDENTIALS', message: 'wrong' }))).toBe(
      'E-Mail oder Passwort ist falsch',
    );
    // A code the web has no text for yet (a newer server): the server's English message.
    expect(errorMessage(new ApiError(422, { code: 'CODE_FROM_A_NEWER_SERVER', message: 'Not enough credits' }))).toBe(
      'Not enough credits',
    );
    await setLanguage('en', { remember: false });
    expect(errorMessage(new ApiError(500, { code: 'WHATEVER' }))).toBe('Something went wrong. Please contact support.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong. Please contact support.');
  });

  it("translates an area code with the answer's params", async () => {
    await setLanguage('de', { remember: false });
    const refused = new ApiError(403, {
      code: 'ROLE_HOLDS_MORE',
      message: 'This role carries permissions you do not hold (backoffice-invoice); …',
      params: { permissions: 'backoffice-invoice' },
    });
    expect(errorMessage(refused)).toBe(
      'Diese Rolle trägt Berechtigungen, die Sie nicht haben (backoffice-invoice); nur wer sie hat, kann sie ändern',
    );
    await setLanguage('en', { remember: false });
    expect(errorMessage(refused)).toBe(
      'This role carries permissions you do not hold (backoffice-invoice); only someone who holds them can change it',
    );
  });

  it('reads a refusal in Spanish, with its params, plural and context', async () => {
    await setLanguage('es', { remember: false });
    const refused = new ApiError(403, {
      code: 'GRANT_NOT_HELD',
      message: 'You cannot grant permissions you do not hold: list-users',
      params: { permissions: 'list-users' },
    });
    expect(errorMessage(refused)).toBe('No puede conceder permisos que usted no tiene: list-users');
    const inUse = (count: number) =>
      errorMessage(new ApiError(409, { code: 'FLAG_KIND_IN_USE', message: '…', params: { context: 'flag', count } }));
    expect(inUse(1)).toBe('Este indicador está asignado a 1 registro; quítelo de él antes de convertirlo en etiqueta');
    expect(inUse(3)).toBe(
      'Este indicador está asignado a 3 registros; quítelo de ellos antes de convertirlo en etiqueta',
    );
    await setLanguage('en', { remember: false });
  });

  it('shows a Success toast', async () => {
    notifySuccess('Saved');
    await vi.waitFor(
      () =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ title: 'Success', message: 'Saved', autoClose: 5000 }),
        ),
      { timeout: 10_000 },
    );
  });
});
