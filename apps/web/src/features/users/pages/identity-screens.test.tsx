import type { ApiTokenRecord, PermissionRecord, RoleRecord, UserRecord } from '@cuspid/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse, mockServer, userRecord } from '../../../testing/fixtures';
import { renderPages, renderWithProviders } from '../../../testing/render-app';
import { ApiKeyCreatePage, ApiKeyEditPage } from '../../api-keys/pages/api-keys';
import { RoleCreatePage, RoleEditPage } from '../../roles/pages/roles';
import { UserCreatePage } from './user-edit';
import { UserShowPage } from './user-show';
import { UsersPage } from './users';

const user = (overrides: Partial<UserRecord>) => userRecord(overrides);

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
  it('shows a count beyond the cap as "more than" (ADR 0085) and an exact one as it is', async () => {
    mockServer({ '/auth/list-users': () => jsonResponse({ data: [user({}), user({})], count: 10_001 }) });
    const { unmount } = renderWithProviders(inSuspense(<UsersPage />), { path: '/users' });
    expect(await screen.findByTestId('users-range')).toHaveTextContent('1–2 of more than 10,000');
    unmount();
    mockServer({ '/auth/list-users': () => jsonResponse({ data: [user({}), user({})], count: 10_000 }) });
    renderWithProviders(inSuspense(<UsersPage />), { path: '/users' });
    expect(await screen.findByTestId('users-range')).toHaveTextContent('1–2 of 10,000');
  });

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

  it('confirms the deletion in the language of the interface, not in the English of the answer', async () => {
    const victim = user({ mail: 'leave@example.com' });
    const calls = mockServer({
      '/auth/list-users': () => jsonResponse({ data: [user({}), victim], count: 2 }),
      '/auth/delete-user': () => jsonResponse({ message: 'The user was deleted' }),
    });
    await i18n.changeLanguage('de');
    renderWithProviders(inSuspense(<UsersPage />), { path: '/users' });
    const row = (await screen.findAllByTestId('users-row'))[1]!;
    await userEvent.click(within(row).getByRole('button', { name: 'Löschen' }));
    await userEvent.click(await screen.findByTestId('confirm-delete-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/delete-user')).toBe(true));

    const toast = await screen.findByTestId('notification-success');
    expect(toast).toHaveTextContent('Der Benutzer wurde gelöscht');
    expect(toast).not.toHaveTextContent('The user was deleted');
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

describe('role editor: registration flags', () => {
  it('refuses "Can register" on a role with management permissions before sending, and sends a self-service role', async () => {
    const calls = mockServer({
      '/auth/list-permissions': () =>
        jsonResponse({
          data: [permissionRecord('list-users', 'users'), permissionRecord('backoffice-ticket', 'support')],
          count: 2,
        }),
      '/auth/create-role': (call) =>
        jsonResponse(
          { message: 'The role was created', data: { ...(call.body as object), id: crypto.randomUUID() } },
          201,
        ),
    });
    renderWithProviders(inSuspense(<RoleCreatePage />), { path: '/roles/create' });
    await screen.findByTestId('permission-matrix');
    await userEvent.type(screen.getByTestId('role-name'), 'practice');
    await userEvent.type(screen.getByTestId('role-title'), 'Practice');
    // The hint names the self-service permissions from the catalogue.
    expect(
      screen.getAllByText(/^Only for roles whose permissions are all self-service ones: .*backoffice-ticket/),
    ).toHaveLength(2);
    await userEvent.click(screen.getByRole('switch', { name: /Can register/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'list-users' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'backoffice-ticket' }));
    await userEvent.click(screen.getByTestId('role-submit'));
    expect(await screen.findByText(/can only carry self-service permissions.*Remove: list-users/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/create-role')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'list-users' }));
    await userEvent.click(screen.getByTestId('role-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/auth/create-role')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/create-role')?.body).toMatchObject({
      can_register: true,
      permissions: ['backoffice-ticket'],
    });
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

describe('invited users in the list', () => {
  it('shows the invited state and resends the invitation, offering the link when the server answers it', async () => {
    const invited = user({ mail: 'new@example.com', status: 'invited', invited_at: '2026-11-02T00:00:00.000Z' });
    const link = 'http://localhost:3000/accept-invitation?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const calls = mockServer({
      '/auth/list-users': () => jsonResponse({ data: [user({}), invited], count: 2 }),
      '/auth/resend-invitation': () => jsonResponse({ message: 'The invitation was sent again', invitation_url: link }),
    });
    renderWithProviders(inSuspense(<UsersPage />), { path: '/users' });
    const rows = await screen.findAllByTestId('users-row');
    expect(within(rows[0]!).getByTestId('user-status')).toHaveTextContent('Active');
    expect(within(rows[0]!).queryByTestId('user-resend-invitation')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('user-status')).toHaveTextContent('Invited');

    await userEvent.click(within(rows[1]!).getByTestId('user-resend-invitation'));
    expect(await screen.findByTestId('invitation-link-url')).toHaveTextContent(link);
    expect(calls.find((c) => c.path === '/auth/resend-invitation')?.body).toEqual({ id: invited.id });
    expect(await screen.findByText('A new invitation was sent to new@example.com')).toBeInTheDocument();
  });
});

describe('user form', () => {
  const pages = [
    { path: '/users/create', element: inSuspense(<UserCreatePage />) },
    { path: '/users/:id/show', element: inSuspense(<UserShowPage />) },
  ];

  it('invites by default: no password is sent, and the show page offers the link and a resend', async () => {
    const id = crypto.randomUUID();
    const link = 'http://localhost:3000/accept-invitation?token=first-token-abcdefghijklmnopqrstuvwxyz0123';
    const resent = 'http://localhost:3000/accept-invitation?token=second-token-abcdefghijklmnopqrstuvwxyz012';
    const calls = mockServer({
      '/auth/list-roles': () => jsonResponse({ data: [], count: 0 }),
      '/auth/create-user': () =>
        jsonResponse({ message: 'The user was created and invited by mail', user_id: id, invitation_url: link }, 201),
      '/auth/list-user-by-id': () =>
        jsonResponse(user({ id, mail: 'new@example.com', status: 'invited', invited_at: '2026-11-02T10:00:00.000Z' })),
      '/auth/resend-invitation': () =>
        jsonResponse({ message: 'The invitation was sent again', invitation_url: resent }),
    });
    const { router } = renderPages(pages, '/users/create');
    expect(await screen.findByRole('radio', { name: /Send an invitation by mail/ })).toBeChecked();
    expect(screen.queryByTestId('user-password')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-invite-hint')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('user-mail'), 'New@Example.com');
    await userEvent.type(screen.getByTestId('user-first-name'), 'Nora');
    await userEvent.click(screen.getByTestId('user-submit'));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/users/${id}/show`));
    const sent = calls.find((c) => c.path === '/auth/create-user')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ mail: 'New@Example.com', first_name: 'Nora', contact_language: 'en' });
    expect(sent).not.toHaveProperty('password');
    expect(sent).not.toHaveProperty('is_active');

    expect(await screen.findByTestId('invitation-link-url')).toHaveTextContent(link);
    expect(within(screen.getByTestId('user-show')).getByTestId('user-status')).toHaveTextContent('Invited');
    await userEvent.click(screen.getByTestId('user-resend-invitation'));
    await vi.waitFor(() => expect(screen.getByTestId('invitation-link-url')).toHaveTextContent(resent));
    expect(calls.find((c) => c.path === '/auth/resend-invitation')?.body).toEqual({ id });
  });

  it('sets a password when chosen and sends it with the active flag', async () => {
    const id = crypto.randomUUID();
    const calls = mockServer({
      '/auth/list-roles': () => jsonResponse({ data: [], count: 0 }),
      '/auth/create-user': () => jsonResponse({ message: 'The user was created', user_id: id }, 201),
      '/auth/list-user-by-id': () => jsonResponse(user({ id })),
    });
    const { router } = renderPages(pages, '/users/create');
    await userEvent.click(await screen.findByRole('radio', { name: 'Set a password now' }));
    await userEvent.type(screen.getByTestId('user-mail'), 'pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Strong#Pass1');
    await userEvent.click(screen.getByTestId('user-submit'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/users/${id}/show`));
    expect(calls.find((c) => c.path === '/auth/create-user')?.body).toMatchObject({
      mail: 'pat@example.com',
      password: 'Strong#Pass1',
      is_active: true,
    });
    await screen.findByTestId('user-show');
    expect(screen.queryByTestId('invitation-link')).not.toBeInTheDocument();
  });

  it('shows validation errors at their fields, from the form and from the server', async () => {
    const calls = mockServer({
      '/auth/list-roles': () => jsonResponse({ data: [], count: 0 }),
      '/auth/create-user': () =>
        jsonResponse(
          {
            code: 'MAIL_TAKEN',
            message: 'This mail address is already registered',
            errors: { mail: ['This mail address is already registered'] },
          },
          409,
        ),
    });
    renderPages(pages, '/users/create');
    await userEvent.click(await screen.findByRole('radio', { name: 'Set a password now' }));
    await userEvent.type(screen.getByTestId('user-mail'), 'not-a-mail');
    await userEvent.type(screen.getByLabelText(/^Password/), 'weak');
    await userEvent.click(screen.getByTestId('user-submit'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('user-mail')).toHaveAccessibleDescription('The Email field must be a valid email'),
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'The Password must be at least 8 characters',
    );
    expect(calls.some((c) => c.path === '/auth/create-user')).toBe(false);

    await userEvent.clear(screen.getByTestId('user-mail'));
    await userEvent.type(screen.getByTestId('user-mail'), 'taken@example.com');
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Strong#Pass1');
    await userEvent.click(screen.getByTestId('user-submit'));
    const mailField = screen.getByTestId('user-mail');
    await vi.waitFor(() => expect(mailField).toHaveAccessibleDescription('This mail address is already registered'));
    expect(mailField).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('role editor: editing', () => {
  it('toggles whole groupings and saves exactly the chosen permissions', async () => {
    const role: RoleRecord = {
      id: crypto.randomUUID(),
      name: 'lab',
      title: 'Lab',
      partner_type: null,
      can_register: false,
      require_two_factor: false,
      can_edit_commissions: false,
      assign_on_registration: false,
      priority: 100,
      permissions: ['list-users', 'list-roles'],
      user_count: 2,
    };
    const calls = mockServer({
      '/auth/list-role-by-id': () => jsonResponse(role),
      '/auth/list-permissions': () =>
        jsonResponse({
          data: [
            permissionRecord('list-users', 'users'),
            permissionRecord('create-user', 'users'),
            permissionRecord('list-roles', 'roles'),
          ],
          count: 3,
        }),
      '/auth/update-role': (call) =>
        jsonResponse({ message: 'The role was updated', data: { ...role, ...(call.body as object) } }),
    });
    const { router } = renderWithProviders(inSuspense(<RoleEditPage />), {
      path: '/roles/:id/edit',
      url: `/roles/${role.id}/edit`,
    });
    await screen.findByTestId('permission-matrix');
    const users = await screen.findByRole('checkbox', { name: 'users' });
    expect(users).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: 'roles' })).toBeChecked();

    await userEvent.click(users);
    expect(screen.getByRole('checkbox', { name: 'create-user' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'roles' }));
    expect(screen.getByRole('checkbox', { name: 'list-roles' })).not.toBeChecked();
    await userEvent.click(screen.getByTestId('role-submit'));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
    const sent = calls.find((c) => c.path === '/auth/update-role')?.body as { id: string; permissions: string[] };
    expect(sent.id).toBe(role.id);
    expect(sent.permissions.sort()).toEqual(['create-user', 'list-users']);
  });
});

describe('API key editing', () => {
  it('renames the key and changes its scopes', async () => {
    sessionStore.setPermissionTitles(['list-users', 'list-roles', 'update-api-token']);
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
      '/auth/list-api-token-by-id': () => jsonResponse(key),
      '/auth/update-api-token': (call) =>
        jsonResponse({ message: 'The API key was updated', data: { ...key, ...(call.body as object) } }),
    });
    const { router } = renderWithProviders(inSuspense(<ApiKeyEditPage />), {
      path: '/api-keys/:id/edit',
      url: `/api-keys/${key.id}/edit`,
    });
    const name = await screen.findByTestId('api-key-name');
    expect(name).toHaveValue('Import');
    await userEvent.clear(name);
    await userEvent.type(name, 'Nightly import');
    await userEvent.click(screen.getByTestId('api-key-scopes'));
    await userEvent.click(await screen.findByRole('option', { name: 'list-users' }));
    await userEvent.click(await screen.findByRole('option', { name: 'list-roles' }));
    await userEvent.click(screen.getByTestId('api-key-submit'));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/api-keys'));
    expect(calls.find((c) => c.path === '/auth/update-api-token')?.body).toEqual({
      id: key.id,
      name: 'Nightly import',
      scopes: ['list-roles'],
      expires_at: null,
    });
    expect(await screen.findByText('The API key was updated')).toBeInTheDocument();
  });
});
