import type { PermissionRecord } from '@cuspid/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PermissionEditPage } from './permission-edit';

const record = (overrides: Partial<PermissionRecord> = {}): PermissionRecord => ({
  id: crypto.randomUUID(),
  title: 'export-reports',
  value: 'export-reports',
  scope: 'auth',
  grouping: 'Reports',
  built_in: false,
  ...overrides,
});

beforeEach(() => {
  sessionStore.signIn(loginResponse({ roles: ['admin'] }));
  sessionStore.setPermissionTitles(['list-permissions', 'delete-permission']);
});

function renderEdit(item: PermissionRecord) {
  const calls = mockServer({
    '/auth/list-permission-by-id': () => jsonResponse(item),
    '/auth/delete-permission': () => jsonResponse({ message: 'Deleted' }),
  });
  const view = renderWithProviders(
    <Suspense fallback={null}>
      <PermissionEditPage />
    </Suspense>,
    { path: '/permissions/:id/edit', url: `/permissions/${item.id}/edit` },
  );
  return { calls, ...view };
}

describe('PermissionEditPage', () => {
  it('has Delete in the header beside the title, not at the bottom of the form, and deletes after asking', async () => {
    const item = record();
    const { calls, router } = renderEdit(item);
    await screen.findByTestId('permission-form');
    const remove = screen.getByTestId('permission-delete');
    expect(screen.getByTestId('page-header')).toContainElement(remove);
    expect(within(screen.getByTestId('permission-form')).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByTestId('page-back')).toHaveAttribute('href', '/permissions');

    await userEvent.click(remove);
    await screen.findByTestId('confirm-delete');
    await userEvent.click(screen.getByTestId('confirm-delete-submit'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/auth/delete-permission')?.body).toEqual({ id: item.id }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/permissions'));
  });

  it('offers no Delete for a built-in permission', async () => {
    renderEdit(record({ built_in: true }));
    await screen.findByTestId('permission-form');
    expect(screen.queryByTestId('permission-delete')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
