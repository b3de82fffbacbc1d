import type { Package } from '@cuspid/contracts/packages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PackagesPage } from './packages';

const STARTER = '11111111-1111-4111-8111-111111111111';
const GIFT = '22222222-2222-4222-8222-222222222222';

function pkg(overrides: Partial<Package> = {}): Package {
  return {
    id: STARTER,
    name: 'Starter',
    description: null,
    credits: 10,
    price_cents: 9_950,
    currency: 'EUR',
    credit_type: 'paid',
    active: true,
    sort_order: 1,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}
const gift = pkg({ id: GIFT, name: 'Welcome gift', credits: 3, price_cents: 0, credit_type: 'free', active: false });

function renderPage(url = '/packages') {
  return renderWithProviders(
    <Suspense fallback={null}>
      <PackagesPage />
    </Suspense>,
    { path: '/packages', url },
  );
}

describe('PackagesPage', () => {
  it('lists the packages with credits, price in their currency, type and status', async () => {
    mockServer({ '/api/packages': () => jsonResponse({ data: [pkg(), gift], total: 2 }) });
    renderPage();
    const rows = await screen.findAllByTestId('package-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Starter' })).toHaveAttribute(
      'href',
      `/packages/${STARTER}/show`,
    );
    expect(rows[0]).toHaveTextContent('€99.50');
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Free')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('€0.00');
    expect(screen.getByRole('link', { name: 'Country credits' })).toHaveAttribute('href', '/country-credits');
    expect(screen.getByRole('link', { name: 'Credit settings' })).toHaveAttribute('href', '/credit-settings');
  });

  it('filters, searches and sorts on the server, from the URL', async () => {
    const calls = mockServer({ '/api/packages': () => jsonResponse({ data: [gift], total: 1 }) });
    renderPage('/packages?active=false&q=gift&sort=price_cents&dir=desc');
    await screen.findAllByTestId('package-row');
    expect(calls[0]!.search).toBe('?page=1&per_page=25&search=gift&active=false&sort_by=price_cents&sort_dir=desc');

    await userEvent.click(within(screen.getByTestId('packages-type-filter')).getByText('Free'));
    await vi.waitFor(() => expect(calls.at(-1)!.search).toContain('credit_type=free'));
    expect(calls.at(-1)!.search).toContain('active=false');
  });

  it('asks before deleting with the spec texts and deletes on the server', async () => {
    const calls = mockServer({
      '/api/packages': () => jsonResponse({ data: [pkg()], total: 1 }),
      [`/api/packages/${STARTER}`]: () => jsonResponse({ message: 'The package was deleted' }),
    });
    renderPage();
    await screen.findAllByTestId('package-row');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Starter' }));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog).toHaveTextContent('Do you want to delete this record?');
    expect(dialog).toHaveTextContent("You can't revert your action");
    expect(within(dialog).getByTestId('confirm-delete-subject')).toHaveTextContent('Starter');
    await userEvent.click(within(dialog).getByTestId('confirm-delete-submit'));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/packages/${STARTER}`)).toBe(true),
    );
  });

  it('shows an empty state that says what to do', async () => {
    mockServer({ '/api/packages': () => jsonResponse({ data: [], total: 0 }) });
    renderPage();
    expect(await screen.findByText('No packages yet')).toBeInTheDocument();
  });
});
