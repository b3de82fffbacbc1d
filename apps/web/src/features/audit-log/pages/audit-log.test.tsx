import type { AuditEntry } from '@cuspid/contracts/audit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { COMPANY_ID, jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { AuditLogPage } from './audit-log';

const ENTRY: AuditEntry = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  at: '2026-11-22T10:00:00.000Z',
  actor_kind: 'user',
  actor_user_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  actor_mail: 'admin@example.com',
  actor_api_key_id: null,
  actor_company_id: COMPANY_ID,
  company_id: COMPANY_ID,
  entity: 'company',
  entity_id: COMPANY_ID,
  action: 'update',
  changes: { city: { old: 'Berlin', new: 'Bonn' }, password_hash: { old: '[redacted]', new: '[redacted]' } },
};

describe('AuditLogPage', () => {
  it('sends the URL filters to the server, lists entries and shows old → new values of one', async () => {
    const fetchMock = vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/audit-log') return Promise.resolve(jsonResponse({ data: [ENTRY], total: 1 }));
      if (url.pathname === `/api/audit-log/${ENTRY.id}`) return Promise.resolve(jsonResponse(ENTRY));
      return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'not mocked' }, 404));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <Suspense fallback={null}>
        <AuditLogPage />
      </Suspense>,
      { path: '/audit-log', url: '/audit-log?entity=company&action=update&from=2026-11-01&page=2' },
    );

    const row = await screen.findByTestId('audit-log-row', {}, { timeout: 5000 });
    expect(within(row).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    expect(within(row).getByText('City, Password')).toBeInTheDocument();
    const listUrl = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(listUrl.searchParams)).toEqual({
      page: '2',
      per_page: '25',
      entity: 'company',
      action: 'update',
      from: '2026-11-01',
    });

    await user.click(within(row).getAllByRole('button')[0]!);
    const detail = await screen.findByTestId('audit-entry-detail');
    const changes = within(detail).getAllByTestId('audit-change-row');
    expect(changes[0]).toHaveTextContent('City');
    expect(changes[0]).toHaveTextContent('Berlin');
    expect(changes[0]).toHaveTextContent('Bonn');
    expect(changes[1]).toHaveTextContent('[redacted]');
  }, 20_000);

  it('names record types and changed fields in German, and an unknown field as the server does', async () => {
    await setLanguage('de', { remember: false });
    const entry = { ...ENTRY, changes: { ...ENTRY.changes, shoe_size: { old: '41', new: '42' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ data: [entry], total: 1 }))),
    );
    renderWithProviders(
      <Suspense fallback={null}>
        <AuditLogPage />
      </Suspense>,
      { path: '/audit-log', url: '/audit-log' },
    );
    const row = await screen.findByTestId('audit-log-row', {}, { timeout: 5000 });
    expect(within(row).getByText('Ort, Passwort, shoe_size')).toBeInTheDocument();
  }, 20_000);
});
