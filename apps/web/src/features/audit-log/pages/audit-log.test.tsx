import type { AuditEntry } from '@cuspid/contracts/audit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { COMPANY_ID, jsonResponse, mockServer, userRecord } from '../../../testing/fixtures';
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

  it("links the record to its page and the acting user to theirs; a deleted record's id stays plain", async () => {
    const deleted: AuditEntry = {
      ...ENTRY,
      id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
      entity: 'invoice',
      entity_id: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
      action: 'delete',
      changes: {},
    };
    const system: AuditEntry = {
      ...ENTRY,
      id: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b',
      actor_kind: 'system',
      actor_user_id: null,
      actor_mail: null,
      entity: 'session',
      entity_id: '6f7a8b9c-0d1e-4f2a-9b3c-5d6e7f8a9b0c',
    };
    mockServer({ '/api/audit-log': () => jsonResponse({ data: [ENTRY, deleted, system], total: 3 }) });
    renderWithProviders(
      <Suspense fallback={null}>
        <AuditLogPage />
      </Suspense>,
      { path: '/audit-log', url: '/audit-log' },
    );
    const [company, invoice, session] = await screen.findAllByTestId('audit-log-row', {}, { timeout: 5000 });
    expect(within(company!).getByRole('link', { name: COMPANY_ID })).toHaveAttribute(
      'href',
      `/customers/${COMPANY_ID}/show`,
    );
    expect(within(company!).getByRole('link', { name: 'admin@example.com' })).toHaveAttribute(
      'href',
      `/users/${ENTRY.actor_user_id}/show`,
    );
    expect(within(invoice!).getByText(deleted.entity_id)).toBeInTheDocument();
    expect(within(invoice!).queryByTestId('audit-record-link')).not.toBeInTheDocument();
    expect(within(session!).queryAllByRole('link')).toEqual([]);
    expect(within(session!).getByText('System')).toBeInTheDocument();
  }, 20_000);

  it('filters by a user chosen by name, kept in the URL as their id', async () => {
    const ada = userRecord({ id: ENTRY.actor_user_id!, mail: 'admin@example.com' });
    const calls = mockServer({
      '/api/audit-log': () => jsonResponse({ data: [ENTRY], total: 1 }),
      '/auth/list-users': () => jsonResponse({ data: [ada], count: 1 }),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <Suspense fallback={null}>
        <AuditLogPage />
      </Suspense>,
      { path: '/audit-log', url: '/audit-log?page=3' },
    );
    await screen.findByTestId('audit-log-row', {}, { timeout: 5000 });
    await user.type(screen.getByTestId('audit-filter-actor'), 'ada');
    await user.click(await screen.findByRole('option', { name: /Ada Lovelace/ }, { timeout: 3000 }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?actor=${ada.id}`));
    await vi.waitFor(() =>
      expect(
        new URLSearchParams(calls.filter((c) => c.path === '/api/audit-log').at(-1)!.search).get('actor_user_id'),
      ).toBe(ada.id),
    );
  }, 20_000);

  it('applies a record id pasted into the empty field at once', async () => {
    mockServer({ '/api/audit-log': () => jsonResponse({ data: [ENTRY], total: 1 }) });
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <Suspense fallback={null}>
        <AuditLogPage />
      </Suspense>,
      { path: '/audit-log', url: '/audit-log?entity=company' },
    );
    await screen.findByTestId('audit-log-row', {}, { timeout: 5000 });
    await user.click(screen.getByTestId('audit-filter-entity-id'));
    await user.paste(` ${COMPANY_ID} `);
    await vi.waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        entity: 'company',
        entity_id: COMPANY_ID,
      }),
    );
    expect(screen.getByTestId('audit-filter-entity-id')).toHaveValue(COMPANY_ID);
  }, 20_000);
});
