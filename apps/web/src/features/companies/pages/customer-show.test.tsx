import type { UserRecord } from '@cuspid/contracts';
import type { Company } from '@cuspid/contracts/companies';
import type { CustomerActivity, CustomerNote, CustomerTimelineItem } from '@cuspid/contracts/crm';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import {
  COMPANY_ID,
  userRecord as fixtureUserRecord,
  jsonResponse,
  loginResponse,
  USER_ID,
} from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CustomerShowPage } from './customer-show';

const CUSTOMER_ID = '5e0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const COLLEAGUE_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const customer: Company = {
  id: CUSTOMER_ID,
  company_name: 'Praxis Sonnenschein',
  company_number: '100042',
  vat_id: null,
  country: 'DE',
  address_line1: null,
  address_line2: null,
  city: 'Köln',
  zip: null,
  invoice_email_address: null,
  warning_mail_address: null,
  apply_reverse_charge: false,
  external_order_number: null,
  contact_person: null,
  reseller: null,
  sales_partner: null,
  service_partner: null,
  has_logo: false,
  is_operator: false,
  bank_accounts: [],
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

const me = { id: USER_ID, name: 'Anna Weiss', mail: 'dr.weiss@praxis.example' };

function note(overrides: Partial<CustomerNote> = {}): CustomerNote {
  return {
    id: crypto.randomUUID(),
    company_id: CUSTOMER_ID,
    body: 'Prefers calls in the morning',
    is_pinned: false,
    author: me,
    can_edit: true,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function activity(overrides: Partial<CustomerActivity> = {}): CustomerActivity {
  return {
    id: crypto.randomUUID(),
    company_id: CUSTOMER_ID,
    type: 'call',
    subject: 'Ask about the second scanner',
    details: null,
    due_at: null,
    done_at: null,
    assignee: null,
    author: me,
    can_edit: true,
    can_complete: true,
    created_at: '2026-11-21T08:00:00.000Z',
    updated_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

function userRecord(overrides: Partial<UserRecord>): UserRecord {
  return fixtureUserRecord({
    mail: 'user@example.com',
    first_name: null,
    last_name: null,
    company_name: 'Dental Supply',
    roles: ['reseller'],
    ...overrides,
  });
}

type Call = { method: string; path: string; search: URLSearchParams; body: Record<string, unknown> | undefined };

/**
 * A fake main backend and auth service for one company page: the timeline answers from `items`, which the
 * test changes between calls, so a refetch after a write shows the new state.
 */
function mockServer(state: { items: CustomerTimelineItem[]; users?: UserRecord[]; operator?: boolean }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, path: url.pathname, search: url.searchParams, body });
      const path = url.pathname;
      if (path === `/api/companies/${CUSTOMER_ID}`) return Promise.resolve(jsonResponse(customer));
      if (path === '/api/my-company') {
        return Promise.resolve(jsonResponse({ ...customer, id: COMPANY_ID, is_operator: state.operator ?? false }));
      }
      if (path === '/api/get-credits') {
        return Promise.resolve(jsonResponse({ company_id: CUSTOMER_ID, balances: { free: 7, paid: 0 }, total: 7 }));
      }
      if (path === `/api/credit-history/${CUSTOMER_ID}`) return Promise.resolve(jsonResponse({ data: [], total: 0 }));
      if (path === `/api/balance-history/${CUSTOMER_ID}`) {
        const data = [{ date: '2026-11-24', free: 7, paid: 0, total: 7 }];
        return Promise.resolve(jsonResponse({ company_id: CUSTOMER_ID, interval: 'day', data }));
      }
      if (path === '/api/customer-timeline') {
        return Promise.resolve(jsonResponse({ data: state.items, total: state.items.length }));
      }
      if (path === '/api/customer-notes' && method === 'POST') {
        const created = note({ body: String(body?.body), is_pinned: Boolean(body?.is_pinned) });
        state.items = [{ kind: 'note', note: created }, ...state.items];
        return Promise.resolve(jsonResponse(created, 201));
      }
      if (path === '/api/customer-activities' && method === 'POST') {
        const created = activity({ subject: String(body?.subject) });
        state.items = [{ kind: 'activity', activity: created }, ...state.items];
        return Promise.resolve(jsonResponse(created, 201));
      }
      if (path.startsWith('/api/customer-notes/') && method === 'PUT') {
        const id = path.split('/').pop();
        const item = state.items.find((i) => i.kind === 'note' && i.note.id === id) as { note: CustomerNote };
        item.note = { ...item.note, ...(body as Partial<CustomerNote>) };
        return Promise.resolve(jsonResponse(item.note));
      }
      if (path.startsWith('/api/customer-notes/') && method === 'DELETE') {
        state.items = state.items.filter((i) => !(i.kind === 'note' && path.endsWith(i.note.id)));
        return Promise.resolve(jsonResponse({ message: 'The note was deleted' }));
      }
      if (path.startsWith('/api/customer-activities/') && method === 'PUT') {
        const id = path.split('/').pop();
        const item = state.items.find((i) => i.kind === 'activity' && i.activity.id === id) as {
          activity: CustomerActivity;
        };
        item.activity = { ...item.activity, done_at: body?.is_done ? '2026-11-22T10:00:00.000Z' : null };
        return Promise.resolve(jsonResponse(item.activity));
      }
      if (path === '/auth/list-users') {
        const users = state.users ?? [];
        return Promise.resolve(jsonResponse({ data: users, count: users.length }));
      }
      return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: `unexpected ${method} ${path}` }, 404));
    }),
  );
  return calls;
}

function signIn(permissions: string[]) {
  sessionStore.signIn(loginResponse({ roles: ['reseller'], company_id: COMPANY_ID }));
  sessionStore.setPermissionTitles(permissions);
}

function renderPage(tab?: string) {
  return renderWithProviders(
    <Suspense fallback={null}>
      <CustomerShowPage />
    </Suspense>,
    { path: '/customers/:id/show', url: `/customers/${CUSTOMER_ID}/show${tab ? `?tab=${tab}` : ''}` },
  );
}

const entries = () => screen.findAllByTestId('crm-entry');

beforeEach(() => signIn(['backoffice-company', 'list-users']));

describe('CustomerShowPage: notes and activities', () => {
  it('shows the timeline in the order the server gives, with pinned and done marks, and edit rights per entry', async () => {
    const pinned = note({ body: 'Always ask for Dr. Sommer', is_pinned: true });
    const call = activity({ subject: 'Demo booked', done_at: '2026-11-21T09:00:00.000Z' });
    const foreign = note({ body: 'Written by a colleague', can_edit: false, author: null });
    const calls = mockServer({
      items: [
        { kind: 'note', note: pinned },
        { kind: 'activity', activity: call },
        { kind: 'note', note: foreign },
      ],
    });
    renderPage('notes');

    const [first, second, third] = await entries();
    expect(first).toHaveTextContent('Always ask for Dr. Sommer');
    expect(within(first!).getByText('Pinned')).toBeInTheDocument();
    expect(second).toHaveTextContent('Demo booked');
    expect(within(second!).getByText(/^Done /)).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Open again' })).toBeInTheDocument();
    expect(third).toHaveTextContent('Former user');
    expect(within(third!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Timeline (3 entries)')).toBeInTheDocument();

    const timeline = calls.find((c) => c.path === '/api/customer-timeline')!;
    expect(timeline.search.get('company_id')).toBe(CUSTOMER_ID);
    expect(timeline.search.get('page')).toBe('1');
  });

  it('adds a note (refusing an empty one on the spot) and shows it after the timeline reloads', async () => {
    const calls = mockServer({ items: [] });
    renderPage('notes');
    expect(await screen.findByTestId('crm-empty')).toBeInTheDocument();

    const form = screen.getByTestId('crm-note-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/customer-notes')).toBe(false);

    await userEvent.type(within(form).getByLabelText(/^Note/), 'Wants an offer for two scanners');
    await userEvent.click(within(form).getByLabelText('Pin on top'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText('The note was added')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/customer-notes' && c.method === 'POST')!;
    expect(post.body).toEqual({ company_id: CUSTOMER_ID, body: 'Wants an offer for two scanners', is_pinned: true });
    const [entry] = await entries();
    expect(entry).toHaveTextContent('Wants an offer for two scanners');
    expect(within(form).getByLabelText(/^Note/)).toHaveValue('');
  });

  it("schedules an activity in the user's time zone, assigned to a colleague from the user list", async () => {
    const calls = mockServer({
      items: [],
      users: [
        userRecord({ id: USER_ID, first_name: 'Anna', last_name: 'Weiss' }),
        userRecord({ id: COLLEAGUE_ID, first_name: 'Ben', last_name: 'Berg' }),
        userRecord({ first_name: 'Gone', last_name: 'Away', is_active: false }),
      ],
    });
    renderPage('notes');
    const form = await screen.findByTestId('crm-activity-form');
    const assignee = within(form).getByLabelText('Assigned to');
    await within(assignee).findByRole('option', { name: 'Ben Berg' });
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Me', 'Ben Berg']);
    const users = calls.find((c) => c.path === '/auth/list-users')!;
    expect(users.search.get('company_id')).toBe(COMPANY_ID);

    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'meeting');
    await userEvent.type(within(form).getByLabelText(/^Subject/), 'Scanner demo');
    await userEvent.type(within(form).getByLabelText('Details'), 'Bring the new tips');
    const due = within(form).getByLabelText('Due');
    await userEvent.clear(due);
    await userEvent.type(due, '2030-03-04T10:30');
    await userEvent.selectOptions(assignee, COLLEAGUE_ID);
    await userEvent.click(within(form).getByRole('button', { name: 'Save activity' }));

    expect(await screen.findByText('The activity was scheduled')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/customer-activities' && c.method === 'POST')!;
    // The fixture user's time zone is Europe/Berlin: 10:30 there is 09:30 UTC in March.
    expect(post.body).toEqual({
      company_id: CUSTOMER_ID,
      type: 'meeting',
      subject: 'Scanner demo',
      details: 'Bring the new tips',
      due_at: '2030-03-04T09:30:00.000Z',
      assignee_id: COLLEAGUE_ID,
      is_done: false,
    });
    expect((await entries())[0]).toHaveTextContent('Scanner demo');
  });

  it('marks an activity done, edits a note and deletes it after confirmation', async () => {
    const open = activity({ subject: 'Send the offer', due_at: '2020-01-01T09:00:00.000Z' });
    const written = note({ body: 'Old text' });
    const calls = mockServer({
      items: [
        { kind: 'activity', activity: open },
        { kind: 'note', note: written },
      ],
    });
    renderPage('notes');
    const [activityEntry] = await entries();
    expect(within(activityEntry!).getByText(/^Overdue since/)).toBeInTheDocument();
    await userEvent.click(within(activityEntry!).getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('The activity is done')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/customer-activities/${open.id}`,
      body: { is_done: true },
    });
    expect(await within((await entries())[0]!).findByRole('button', { name: 'Open again' })).toBeInTheDocument();

    await userEvent.click(within((await entries())[1]!).getByRole('button', { name: 'Edit' }));
    const editForm = await screen.findByTestId('crm-note-edit-form');
    const text = within(editForm).getByLabelText(/^Note/);
    await userEvent.clear(text);
    await userEvent.type(text, 'New text');
    await userEvent.click(within(editForm).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The note was saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      path: `/api/customer-notes/${written.id}`,
      body: { body: 'New text', is_pinned: false },
    });
    await vi.waitFor(async () => expect((await entries())[1]).toHaveTextContent('New text'));

    await userEvent.click(within((await entries())[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByTestId('confirm-delete');
    expect(within(confirm).getByText('Do you want to delete this record?')).toBeInTheDocument();
    expect(within(confirm).getByTestId('confirm-delete-subject')).toHaveTextContent('New text');
    await userEvent.click(within(confirm).getByTestId('confirm-delete-submit'));
    expect(await screen.findByText('The note was deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/customer-notes/${written.id}`);
    await vi.waitFor(async () => expect(await entries()).toHaveLength(1));
  });

  it('shows the error with a retry when the timeline cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === `/api/companies/${CUSTOMER_ID}`) return Promise.resolve(jsonResponse(customer));
        return Promise.resolve(jsonResponse({ code: 'INTERNAL', message: 'Something went wrong' }, 500));
      }),
    );
    renderPage('notes');
    expect(await screen.findByText('The notes and activities could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CustomerShowPage: users', () => {
  it("lists the company's users with links to their pages", async () => {
    const calls = mockServer({
      items: [],
      users: [userRecord({ id: COLLEAGUE_ID, first_name: 'Ben', last_name: 'Berg', mail: 'ben@praxis.example' })],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Users' }));
    const table = await screen.findByTestId('company-users-table');
    const link = within(table).getByRole('link', { name: 'Ben Berg' });
    expect(link).toHaveAttribute('href', `/users/${COLLEAGUE_ID}/show`);
    expect(within(table).getByText('ben@praxis.example')).toBeInTheDocument();
    const request = calls.find((c) => c.path === '/auth/list-users')!;
    expect(request.search.get('company_id')).toBe(CUSTOMER_ID);
    expect(screen.getByText('1 user')).toBeInTheDocument();
  });

  it('offers no users tab to a viewer who may not list users, and only themself as assignee', async () => {
    signIn(['backoffice-company']);
    const calls = mockServer({ items: [] });
    renderPage('users');
    expect(await screen.findByRole('tab', { name: 'Notes and activities' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Notes and activities' }));
    const form = await screen.findByTestId('crm-activity-form');
    const options = within(within(form).getByLabelText('Assigned to')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Nobody', 'Me']);
    expect(calls.some((c) => c.path === '/auth/list-users')).toBe(false);
  });
});

describe('CustomerShowPage: credits', () => {
  it("shows the company's balance and ledger, and the grant button to staff holding the grant permission", async () => {
    signIn(['backoffice-company', 'backoffice-credit', 'backoffice-grant-credit']);
    const calls = mockServer({ items: [], operator: true });
    renderPage('credits');
    expect(await screen.findByTestId('credit-history-empty')).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance-total')).toHaveTextContent('7');
    expect(await screen.findByTestId('grant-credits-open')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/get-credits')!.search.get('company_id')).toBe(CUSTOMER_ID);

    await userEvent.click(screen.getByRole('tab', { name: 'Balance history' }));
    expect(await screen.findByTestId('balance-history-summary')).toBeInTheDocument();
  });

  it('offers no grant button to a partner holding the grant permission', async () => {
    signIn(['backoffice-company', 'backoffice-credit', 'backoffice-grant-credit']);
    const calls = mockServer({ items: [], operator: false });
    renderPage('credits');
    expect(await screen.findByTestId('credit-history-empty')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/my-company')).toBe(true));
    expect(screen.queryByTestId('grant-credits-open')).not.toBeInTheDocument();
  });

  it('offers no credit tabs without backoffice-credit', async () => {
    const calls = mockServer({ items: [] });
    renderPage('credits');
    expect(await screen.findByTestId('customer-show')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Credit history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Balance history' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('credit'))).toBe(false);
  });
});
