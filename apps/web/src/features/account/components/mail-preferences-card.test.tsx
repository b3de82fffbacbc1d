import { USER_MAIL_EVENTS } from '@cuspid/contracts/mail';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { MailPreferencesCard } from './mail-preferences-card';

const preferences = (off: string[] = []) => ({
  data: USER_MAIL_EVENTS.map((event) => ({ event, mail: !off.includes(event) })),
});

describe('MailPreferencesCard', () => {
  it('shows one switch per case mail as the server has it, and saves a flipped one at once', async () => {
    sessionStore.signIn(loginResponse());
    const calls = mockServer({
      '/auth/mail-preferences': (call) =>
        jsonResponse(
          call.method === 'PUT' ? preferences(['case.failed', 'case.result-ready']) : preferences(['case.failed']),
        ),
    });
    renderWithProviders(<MailPreferencesCard />);
    const ready = await screen.findByRole('switch', { name: 'Results are ready for review' });
    expect(ready).toBeChecked();
    expect(screen.getByRole('switch', { name: 'The processing of a case failed' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(USER_MAIL_EVENTS.length);
    expect(screen.getByText(/invoices and payment reminders are always sent/)).toBeInTheDocument();

    await userEvent.click(ready);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        preferences: [{ event: 'case.result-ready', mail: false }],
      }),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Results are ready for review' })).not.toBeChecked(),
    );
  });

  it('speaks German', async () => {
    sessionStore.signIn(loginResponse());
    mockServer({ '/auth/mail-preferences': () => jsonResponse(preferences()) });
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('de');
    try {
      renderWithProviders(<MailPreferencesCard />);
      expect(await screen.findByRole('switch', { name: 'Ergebnisse sind zur Prüfung bereit' })).toBeChecked();
      expect(screen.getByText('Mail-Benachrichtigungen')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
