import type { ApiTokenRecord, PermissionRecord, UserRecord } from '@cuspid/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-app';
import { ApiKeyCreatePage } from './api-keys';
import { RoleCreatePage } from './roles';
import { UserShowPage } from './user-show';
import { UsersPage } from './users';

type Call = { method: string; path: string; search: string; body: unknown };

/** A fake authentication service: answers by path, records every call. */
function mockServer(answers: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = answers[url.pathname];
      return Promise.resolve(answer ? answer(call) : jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404));
    }),
  );
  return calls;
}

const user = (overrides: Partial<UserRecord>): UserRecord => ({
  id: crypto.randomUUID(),
  mail: 'a@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  mobile: null,
  contact_language: 'en',
  timezone: 'UTC',
  last_login: null,
  is_active: true,
  company_id: COMPANY_ID,
  company_name: 'Praxis',
  roles: ['end-user'],
  two_factor_enabled: false,
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const permissionRecord = (title: string, grouping: string): PermissionRecord => ({
  id: crypto.randomUUID(),
  title,
  value: title,
  scope: 'auth',
  grouping,
  built_in: true,
});

beforeEach(() => {
  sessionStore.signIn(loginResponse({ roles: ['admin'] }));
  sessionStore.setPermissionTitles(['list-users', 'delete-user', 'list-roles', 'create-api-token']);
});

const inSuspense = (node: React.ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

describe('users list', () => {
  it("pages and sorts on the server and deletes after the spec's confirmation", async () => {
    const victim = user({ mail: 'leave@example.com' });
    const calls = mockServer({
      '/auth/list-users': () => jsonResponse({ data: [user({}), victim], count: 2 }),
      '/auth/delete-user': () => jsonResponse({ message: 'The user was deleted' }),
    });
    renderWithProviders(inSuspense(<UsersPage />), { path: '/users' });
    expect(await screen.findAllByTestId('users-row')).toHaveLength(2);
    expect(calls[0]?.search).toBe('?limit_start=0&limit_count=25&sort_dir=asc');

    await userEvent.click(screen.getByRole('button', { name: /Last login/ }));
    await vi.waitFor(() =>
      expect(calls.at(-1)?.search).toBe('?limit_start=0&limit_count=25&sort_by=last_login&sort_dir=asc'),
    );

    const row = screen.getAllByTestId('users-row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog).toHaveTextContent('Do you want to delete this record?');
    expect(dialog).toHaveTextContent("You can't revert your action");
    expect(dialog).toHaveTextContent('leave@example.com');
    await userEvent.click(screen.getByTestId('confirm-delete-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/delete-user')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/delete-user')?.body).toEqual({ id: victim.id });
    expect(await screen.findByText('The user was deleted')).toBeInTheDocument();
  });
});

describe('role editor', () => {
  it('grants a whole grouping with its box and sends the chosen permissions', async () => {
    const calls = mockServer({
      '/auth/list-permissions': () =>
        jsonResponse({
          data: [
            permissionRecord('list-users', 'users'),
            permissionRecord('create-user', 'users'),
            permissionRecord('list-roles', 'roles'),
          ],
          count: 3,
        }),
      '/auth/create-role': (call) =>
        jsonResponse(
          { message: 'The role was created', data: { ...(call.body as object), id: crypto.randomUUID() } },
          201,
        ),
    });
    renderWithProviders(inSuspense(<RoleCreatePage />), { path: '/roles/create' });
    await screen.findByTestId('permission-matrix');
    await userEvent.type(screen.getByTestId('role-name'), 'lab');
    await userEvent.type(screen.getByTestId('role-title'), 'Lab');
    await userEvent.click(screen.getByRole('checkbox', { name: 'users' }));
    expect(screen.getByRole('checkbox', { name: 'list-users' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'create-user' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'list-roles' })).not.toBeChecked();
    await userEvent.click(screen.getByTestId('role-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/create-role')).toBe(true));
    const sent = calls.find((c) => c.path === '/auth/create-role')?.body as { name: string; permissions: string[] };
    expect(sent.name).toBe('lab');
    expect(sent.permissions.sort()).toEqual(['create-user', 'list-users']);
  });
});

describe('two-factor sign-in in the identity screens', () => {
  it('sends the "Require two-factor sign-in" switch of the role form', async () => {
    const calls = mockServer({
      '/auth/list-permissions': () => jsonResponse({ data: [permissionRecord('list-users', 'users')], count: 1 }),
      '/auth/create-role': (call) =>
        jsonResponse(
          { message: 'The role was created', data: { ...(call.body as object), id: crypto.randomUUID() } },
          201,
        ),
    });
    renderWithProviders(inSuspense(<RoleCreatePage />), { path: '/roles/create' });
    await screen.findByTestId('permission-matrix');
    await userEvent.type(screen.getByTestId('role-name'), 'staff-2fa');
    await userEvent.type(screen.getByTestId('role-title'), 'Staff');
    const toggle = screen.getByRole('switch', { name: /Require two-factor sign-in/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByTestId('role-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/create-role')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/create-role')?.body).toMatchObject({ require_two_factor: true });
  });

  it("lets an administrator reset a user's two-factor sign-in after a confirmation", async () => {
    sessionStore.setPermissionTitles(['list-users', 'update-user']);
    const target = user({ mail: 'lost.phone@example.com', two_factor_enabled: true });
    let current = target;
    const calls = mockServer({
      '/auth/list-user-by-id': () => jsonResponse(current),
      '/auth/update-user': () => {
        current = { ...target, two_factor_enabled: false };
        return jsonResponse(current);
      },
    });
    renderWithProviders(inSuspense(<UserShowPage />), { path: '/users/:id/show', url: `/users/${target.id}/show` });
    expect(await screen.findByTestId('user-two-factor')).toHaveTextContent('On');
    await userEvent.click(screen.getByTestId('user-reset-two-factor'));
    expect(await screen.findByText(/Reset the two-factor sign-in of lost.phone@example.com\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('user-reset-two-factor-confirm'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/update-user')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/update-user')?.body).toEqual({ id: target.id, reset_two_factor: true });
    await vi.waitFor(() => expect(screen.getByTestId('user-two-factor')).toHaveTextContent('Off'));
    expect(screen.queryByTestId('user-reset-two-factor')).not.toBeInTheDocument();
  });
});

describe('API key creation', () => {
  it('shows the secret once, with copy buttons', async () => {
    const key: ApiTokenRecord = {
      id: crypto.randomUUID(),
      client_id: 'ck_0123456789abcdef01234567',
      name: 'Import',
      owner_id: crypto.randomUUID(),
      owner_mail: 'a@example.com',
      company_id: COMPANY_ID,
      scopes: ['list-users'],
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      created_at: '2026-11-01T00:00:00.000Z',
      status: 'active',
    };
    const calls = mockServer({
      '/auth/create-api-token': () =>
        jsonResponse({ message: 'The API key was created', data: key, client_secret: 'cs_top-secret-value' }, 201),
    });
    renderWithProviders(inSuspense(<ApiKeyCreatePage />), { path: '/api-keys/create' });
    await userEvent.type(await screen.findByTestId('api-key-name'), 'Import');
    await userEvent.click(screen.getByTestId('api-key-scopes'));
    await userEvent.click(await screen.findByRole('option', { name: 'list-users' }));
    await userEvent.click(screen.getByTestId('api-key-submit'));
    expect(await screen.findByTestId('secret-value')).toHaveTextContent('cs_top-secret-value');
    expect(screen.getByTestId('secret-client-id')).toHaveTextContent(key.client_id);
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(calls.find((c) => c.path === '/auth/create-api-token')?.body).toEqual({
      name: 'Import',
      scopes: ['list-users'],
      expires_at: null,
    });
  });
});
