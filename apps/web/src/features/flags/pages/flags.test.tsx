import type { Flag } from '@cuspid/contracts/flags';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { FlagsPage } from './flags';

const URGENT = '11111111-1111-4111-8111-111111111111';
const VIP = '22222222-2222-4222-8222-222222222222';

function flag(overrides: Partial<Flag> = {}): Flag {
  return {
    id: URGENT,
    name: 'Urgent',
    kind: 'flag',
    colour: '#E03131',
    description: 'Needs a call today',
    applies_to: ['company', 'case'],
    usage_count: 3,
    created_by: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}
const vip = flag({ id: VIP, name: 'VIP', kind: 'tag', colour: '#7048E8', description: null, usage_count: 0 });

type Call = { path: string; method: string; search: string; body: unknown };

/** A stubbed main backend; `answers` overrides the answer of `METHOD /path`. */
function mockApi(answers: Record<string, () => Response> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({
      path: url.pathname,
      method,
      search: url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const custom = answers[`${method} ${url.pathname}`];
    if (custom) return custom();
    if (method === 'GET' && url.pathname === '/api/flags') return jsonResponse({ data: [flag(), vip], total: 2 });
    if (method === 'POST' && url.pathname === '/api/flags') return jsonResponse(flag({ id: VIP, name: 'Gold' }), 201);
    if (method === 'PUT' && url.pathname === `/api/flags/${URGENT}`) return jsonResponse(flag({ name: 'Very urgent' }));
    if (method === 'DELETE' && url.pathname === `/api/flags/${URGENT}`) {
      return jsonResponse({ message: 'The flag was deleted and removed from 3 records' });
    }
    if (method === 'POST' && url.pathname === '/api/create-flags') {
      return jsonResponse({ message: '2 definitions were created', data: [] }, 201);
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage(url = '/flags') {
  renderWithProviders(
    <Suspense fallback={null}>
      <FlagsPage />
    </Suspense>,
    { path: '/flags', url },
  );
}

describe('FlagsPage', () => {
  it('lists the definitions with their colour, kind and usage, and filters by kind on the server', async () => {
    const calls = mockApi();
    renderPage('/flags?kind=tag');
    const rows = await screen.findAllByTestId('flag-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('flag-badge')).toHaveTextContent('Urgent');
    expect(within(rows[0]!).getByText('Flag')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Companies, Cases')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('tag-badge')).toHaveTextContent('VIP');
    expect(calls[0]!.search).toBe('?page=1&per_page=25&kind=tag');

    await userEvent.click(within(screen.getByTestId('flags-kind-filter')).getByText('Flags'));
    await vi.waitFor(() => expect(calls.at(-1)!.search).toBe('?page=1&per_page=25&kind=flag'));
  });

  it('creates a definition from the form', async () => {
    const calls = mockApi();
    renderPage();
    await screen.findAllByTestId('flag-row');
    await userEvent.click(screen.getByRole('button', { name: 'New flag or tag' }));
    const form = await screen.findByTestId('flag-form');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Gold');
    await userEvent.type(within(form).getByLabelText('Description'), 'Best customers');
    await userEvent.click(within(form).getByLabelText('Cases'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      const post = calls.find((c) => c.method === 'POST' && c.path === '/api/flags');
      // No colour chosen: the server picks one.
      expect(post?.body).toEqual({ name: 'Gold', kind: 'tag', description: 'Best customers', applies_to: ['company'] });
    });
  });

  it('shows the server refusal of a taken name on the field', async () => {
    mockApi({
      'POST /api/flags': () =>
        jsonResponse(
          {
            code: 'CONFLICT',
            message: 'A tag named "VIP" already exists',
            errors: { name: ['A tag named "VIP" already exists'] },
          },
          409,
        ),
    });
    renderPage();
    await screen.findAllByTestId('flag-row');
    await userEvent.click(screen.getByRole('button', { name: 'New flag or tag' }));
    const form = await screen.findByTestId('flag-form');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'vip');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A tag named "VIP" already exists')).toBeInTheDocument();
  });

  it('edits a definition', async () => {
    const calls = mockApi();
    renderPage();
    await screen.findAllByTestId('flag-row');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Urgent' }));
    const form = await screen.findByTestId('flag-form');
    const name = within(form).getByLabelText(/^Name/);
    expect(name).toHaveValue('Urgent');
    await userEvent.clear(name);
    await userEvent.type(name, 'Very urgent');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.path).toBe(`/api/flags/${URGENT}`);
      expect(put?.body).toEqual({
        name: 'Very urgent',
        kind: 'flag',
        colour: '#E03131',
        description: 'Needs a call today',
        applies_to: ['company', 'case'],
      });
    });
  });

  it('asks before deleting, naming the definition and how many records lose it', async () => {
    const calls = mockApi();
    renderPage();
    await screen.findAllByTestId('flag-row');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Urgent' }));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(within(dialog).getByTestId('confirm-delete-subject')).toHaveTextContent('Urgent');
    expect(within(dialog).getByTestId('flag-delete-usage')).toHaveTextContent(
      'It is set on 3 records and will be removed from them.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByTestId('confirm-delete-submit'));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/flags/${URGENT}`));
  });

  it('creates several definitions from a list of names, and names the refused lines', async () => {
    const calls = mockApi({
      'POST /api/create-flags': () =>
        jsonResponse(
          {
            code: 'CONFLICT',
            message: 'A tag named "VIP" already exists',
            errors: { 'items.1.name': ['A tag named "VIP" already exists'] },
          },
          409,
        ),
    });
    renderPage();
    await screen.findAllByTestId('flag-row');
    await userEvent.click(screen.getByRole('button', { name: 'Create several' }));
    const form = await screen.findByTestId('flags-bulk-create-form');
    await userEvent.type(within(form).getByLabelText(/^Names/), 'Gold{enter}{enter}VIP{enter}');
    await userEvent.click(within(form).getByRole('button', { name: 'Create 2' }));
    // The refused item is the second name, written on line 3 of the text.
    expect(await within(form).findByText('Line 3: A tag named "VIP" already exists')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/create-flags');
    expect(post?.body).toEqual({
      items: [
        { name: 'Gold', kind: 'tag', applies_to: ['company', 'case'], description: null },
        { name: 'VIP', kind: 'tag', applies_to: ['company', 'case'], description: null },
      ],
    });
  });
});
