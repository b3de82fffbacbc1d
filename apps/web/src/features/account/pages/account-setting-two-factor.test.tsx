import type { TwoFactorStatus } from '@cuspid/contracts/two-factor';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse, userProfile } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { AccountSettingPage } from './account-setting';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `zyxw${i}-vuts${i}`);

type Call = { path: string; body: Record<string, unknown> | undefined };

/** A fake authentication service that keeps the two-factor state between calls. */
function mockServer(initial: Partial<TwoFactorStatus> = {}) {
  const status: TwoFactorStatus = {
    enabled: false,
    enabled_at: null,
    required: false,
    recovery_codes_remaining: 0,
    ...initial,
  };
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path, body });
    const answer = (): Response => {
      switch (path) {
        case '/auth/profile':
          return jsonResponse(userProfile());
        case '/auth/list-sessions':
          return jsonResponse({ data: [], count: 0 });
        case '/auth/two-factor-status':
          return jsonResponse(status);
        case '/auth/setup-two-factor':
          return body?.password === 'Secret#123'
            ? jsonResponse({
                secret: SECRET,
                otpauth_uri: `otpauth://totp/Cuspid:dr.weiss%40praxis.example?secret=${SECRET}&issuer=Cuspid`,
                qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
              })
            : jsonResponse(
                {
                  code: 'VALIDATION_FAILED',
                  message: 'The password is wrong',
                  errors: { password: ['The password is wrong'] },
                },
                400,
              );
        case '/auth/enable-two-factor':
          if (body?.code !== '123456') {
            return jsonResponse(
              {
                code: 'VALIDATION_FAILED',
                message: 'The code is wrong or was used already',
                errors: { code: ['The code is wrong or was used already'] },
              },
              400,
            );
          }
          Object.assign(status, {
            enabled: true,
            enabled_at: '2026-11-22T08:00:00.000Z',
            recovery_codes_remaining: 10,
          });
          return jsonResponse({ message: 'Two-factor sign-in is on.', recovery_codes: CODES });
        case '/auth/regenerate-recovery-codes':
          return jsonResponse({ message: 'New recovery codes were made', recovery_codes: NEW_CODES });
        case '/auth/disable-two-factor':
          Object.assign(status, { enabled: false, enabled_at: null, recovery_codes_remaining: 0 });
          return jsonResponse({ message: 'Two-factor sign-in is off' });
        case '/auth/refresh-token':
          return jsonResponse(
            loginResponse({}, { token: 'access-token-2', refresh_token: 'refresh-token-2-bbbbbbbbbbbbbbbb' }),
          );
        default:
          return jsonResponse({ code: 'NOT_FOUND', message: 'no mock' }, 404);
      }
    };
    return Promise.resolve(answer());
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <AccountSettingPage />
    </Suspense>,
    { path: '/account-setting' },
  );
}

function signIn(options: { setupRequired?: boolean } = {}) {
  sessionStore.signIn(loginResponse({ two_factor_setup_required: options.setupRequired ?? false }));
  sessionStore.setPermissionTitles([]);
}

/** Password, QR code, first code: the recovery codes are on screen afterwards. */
async function setUpTwoFactor() {
  await userEvent.click(await screen.findByTestId('two-factor-start'));
  await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
  await userEvent.click(screen.getByTestId('two-factor-password-submit'));
  expect(await screen.findByTestId('two-factor-qr')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
  expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  await userEvent.type(screen.getByLabelText(/^Authentication code/), '123456');
  await userEvent.click(screen.getByTestId('two-factor-enable-submit'));
  return screen.findByTestId('recovery-codes');
}

describe('AccountSettingPage: two-factor authentication', () => {
  it('sets it up with the password, the QR code and a first code, and shows the recovery codes once', async () => {
    signIn();
    const calls = mockServer();
    renderPage();
    const card = await screen.findByTestId('two-factor-card');
    expect(await within(card).findByTestId('two-factor-state')).toHaveTextContent('Off');

    const panel = await setUpTwoFactor();
    expect(
      within(panel)
        .getAllByTestId('recovery-code')
        .map((c) => c.textContent),
    ).toEqual(CODES);
    expect(within(panel).getByTestId('recovery-codes-copy')).toBeInTheDocument();
    expect(within(panel).getByTestId('recovery-codes-download')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/setup-two-factor')?.body).toEqual({ password: 'Secret#123' });
    expect(calls.find((c) => c.path === '/auth/enable-two-factor')?.body).toEqual({ code: '123456' });

    await userEvent.click(screen.getByTestId('recovery-codes-done'));
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(await within(card).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(within(card).getByTestId('two-factor-state')).toHaveTextContent('On');
    // Not required: no session renewal is needed.
    expect(calls.some((c) => c.path === '/auth/refresh-token')).toBe(false);
  });

  it('puts a wrong password and a wrong first code beside their fields', async () => {
    signIn();
    mockServer();
    renderPage();
    await userEvent.click(await screen.findByTestId('two-factor-start'));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong#123');
    await userEvent.click(screen.getByTestId('two-factor-password-submit'));
    expect(
      await screen.findByText('The password is wrong', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByTestId('two-factor-password-submit'));
    const code = await screen.findByLabelText(/^Authentication code/);
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByTestId('two-factor-enable-submit'));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByTestId('two-factor-enable-submit'));
    expect(
      await screen.findByText('The code is wrong or was used already', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('makes new recovery codes with the password and turns it off with a code', async () => {
    signIn();
    const calls = mockServer({ enabled: true, enabled_at: '2026-11-01T08:00:00.000Z', recovery_codes_remaining: 2 });
    renderPage();
    expect(await screen.findByTestId('recovery-remaining')).toHaveTextContent('2 recovery codes left.');

    await userEvent.click(screen.getByTestId('two-factor-regenerate'));
    await userEvent.type(screen.getByTestId('two-factor-confirm-password'), 'Secret#123');
    await userEvent.click(screen.getByTestId('two-factor-regenerate-submit'));
    const panel = await screen.findByTestId('recovery-codes');
    expect(
      within(panel)
        .getAllByTestId('recovery-code')
        .map((c) => c.textContent),
    ).toEqual(NEW_CODES);
    expect(calls.find((c) => c.path === '/auth/regenerate-recovery-codes')?.body).toEqual({ password: 'Secret#123' });
    await userEvent.click(screen.getByTestId('recovery-codes-done'));

    await userEvent.click(await screen.findByTestId('two-factor-disable'));
    await userEvent.click(screen.getByRole('button', { name: 'Use a code instead' }));
    await userEvent.type(screen.getByTestId('two-factor-confirm-code'), '123456');
    await userEvent.click(screen.getByTestId('two-factor-disable-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/disable-two-factor')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/disable-two-factor')?.body).toEqual({ code: '123456' });
    expect(await screen.findByTestId('two-factor-start')).toBeInTheDocument();
  });

  it('offers no way to turn it off while a role requires it', async () => {
    signIn();
    mockServer({ enabled: true, enabled_at: '2026-11-01T08:00:00.000Z', required: true, recovery_codes_remaining: 10 });
    renderPage();
    expect(
      await screen.findByText('Your role requires two-factor authentication, so it cannot be turned off.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-regenerate')).toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-disable')).not.toBeInTheDocument();
  });

  it('shows only the setup while a role requires it, and the whole page once it is done', async () => {
    signIn({ setupRequired: true });
    const calls = mockServer({ required: true });
    renderPage();
    expect(await screen.findByTestId('two-factor-setup-required')).toHaveTextContent(
      'Until it is set up, the portal shows only this page.',
    );
    expect(await screen.findByTestId('two-factor-required')).toBeInTheDocument();
    expect(screen.queryByText('Profile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('password-change-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sessions-card')).not.toBeInTheDocument();

    await setUpTwoFactor();
    // The codes stay on screen until the user says they are kept; then the session is renewed.
    expect(calls.some((c) => c.path === '/auth/refresh-token')).toBe(false);
    await userEvent.click(screen.getByTestId('recovery-codes-done'));
    await vi.waitFor(() => expect(sessionStore.get()?.token).toBe('access-token-2'));
    expect(sessionStore.get()?.token_info.two_factor_setup_required).toBe(false);
    expect(await screen.findByTestId('password-change-form')).toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-setup-required')).not.toBeInTheDocument();
  });
});
