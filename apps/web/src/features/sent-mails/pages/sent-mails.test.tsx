import type { SentMail } from '@cuspid/contracts/mail';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_ID, jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { SentMailsPage } from './sent-mails';

const MAIL: SentMail = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  event: 'registration.welcome',
  template_id: null,
  company_id: COMPANY_ID,
  to: 'anna@example.com',
  language: 'de',
  status: 'queued',
  transport: null,
  subject: 'Willkommen bei Cuspid',
  html: '<p>Hallo anna@example.com</p>',
  text: 'Hallo anna@example.com',
  attempts: 1,
  last_error: '451 Mailbox temporarily unavailable',
  message_id: null,
  created_at: '2026-11-22T10:00:00.000Z',
  sent_at: null,
};

describe('SentMailsPage', () => {
  it('lists the outbox page the URL names and opens a mail with its text and last error', async () => {
    const fetchMock = vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/mail/list-sent-mails') return Promise.resolve(jsonResponse({ data: [MAIL], count: 1 }));
      if (url.pathname === '/mail/list-sent-mail-by-id') return Promise.resolve(jsonResponse(MAIL));
      return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'not mocked' }, 404));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <Suspense fallback={null}>
        <SentMailsPage />
      </Suspense>,
      { path: '/sent-mails', url: '/sent-mails?q=anna' },
    );

    const row = await screen.findByTestId('sent-mail-row');
    expect(within(row).getByText('anna@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Queued')).toBeInTheDocument();
    const listUrl = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(listUrl.search).toBe('?limit_start=0&limit_count=25&search=anna');

    await user.click(within(row).getByRole('button', { name: 'Willkommen bei Cuspid' }));
    const detail = await screen.findByTestId('sent-mail-detail');
    expect(within(detail).getByTestId('sent-mail-text')).toHaveTextContent('Hallo anna@example.com');
    expect(within(detail).getByText('451 Mailbox temporarily unavailable')).toBeInTheDocument();
  }, 20_000);
});
