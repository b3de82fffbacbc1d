import type { Permission } from '@cuspid/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, permission } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { PermissionsPage } from './permissions';

const ROWS: Permission[] = [
  { ...permission('backoffice-invoice', 'backoffice', 'invoice'), grouping: 'Billing' },
  permission('list-users', 'auth', 'list-users'),
];

function mockList(answer: (url: URL) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: string) => Promise.resolve(answer(new URL(input, 'http://localhost'))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query strings sent to GET /list-permissions, in order. */
function sentQueries(fetchMock: ReturnType<typeof mockList>): string[] {
  return fetchMock.mock.calls.map(([input]) => {
    const url = new URL(input, 'http://localhost');
    expect(url.pathname).toBe('/auth/list-permissions');
    return url.search;
  });
}

function renderPage(url = '/permissions') {
  return renderWithProviders(
    <Suspense fallback={null}>
      <PermissionsPage />
    </Suspense>,
    { path: '/permissions', url },
  );
}

function rowTexts() {
  return within(screen.getByTestId('permissions-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('PermissionsPage', () => {
  it('shows a skeleton, then the rows of the page the URL names', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockList(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage('/permissions?page=3&size=10&q=in');

    expect(await screen.findByTestId('permissions-loading')).toBeInTheDocument();
    expect(sentQueries(fetchMock)).toEqual(['?limit_start=20&limit_count=10&search=in']);

    await act(async () => answer(jsonResponse({ data: ROWS, count: 42 })));

    expect(await screen.findAllByTestId('permissions-row')).toHaveLength(2);
    expect(rowTexts()).toEqual([
      ['backoffice-invoice', 'invoice', 'backoffice', 'Billing'],
      ['list-users', 'list-users', 'auth', 'None'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Grouping' })).toBeInTheDocument();
    expect(screen.getByTestId('permissions-search')).toHaveValue('in');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('10');
    expect(screen.getByTestId('permissions-range')).toHaveTextContent('21–22 of 42');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('permissions-loading')).not.toBeInTheDocument();
  });

  it('asks for the first page of 25 without a search by default', async () => {
    const fetchMock = mockList(() => jsonResponse({ data: ROWS, count: 2 }));
    renderPage();
    expect(await screen.findAllByTestId('permissions-row')).toHaveLength(2);
    expect(sentQueries(fetchMock)).toEqual(['?limit_start=0&limit_count=25']);
  });

  it('keeps page and page size in the URL, and back restores them', async () => {
    const fetchMock = mockList(() => jsonResponse({ data: ROWS, count: 120 }));
    const { router } = renderPage();
    await screen.findAllByTestId('permissions-row');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    await vi.waitFor(() => expect(sentQueries(fetchMock).at(-1)).toBe('?limit_start=25&limit_count=25'));

    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    // A new page size starts again at page 1.
    expect(router.state.location.search).toBe('?size=50');
    await vi.waitFor(() => expect(sentQueries(fetchMock).at(-1)).toBe('?limit_start=0&limit_count=50'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('25');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('searches on the server once typing pauses, from page 1, and back restores the search box', async () => {
    const fetchMock = mockList((url) =>
      jsonResponse(
        url.searchParams.get('search') === 'user' ? { data: [ROWS[1]], count: 1 } : { data: ROWS, count: 40 },
      ),
    );
    const { router } = renderPage('/permissions?page=2&size=10');
    await screen.findAllByTestId('permissions-row');

    await userEvent.type(screen.getByTestId('permissions-search'), 'user');
    // Debounced: one request for the whole word, not one per key.
    await vi.waitFor(() => expect(router.state.location.search).toBe('?size=10&q=user'));
    await vi.waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(sentQueries(fetchMock)).toEqual([
      '?limit_start=10&limit_count=10',
      '?limit_start=0&limit_count=10&search=user',
    ]);

    await act(() => router.navigate(-1));
    expect(screen.getByTestId('permissions-search')).toHaveValue('');
    await vi.waitFor(() => expect(rowTexts()).toHaveLength(2));
  });

  it('says when nothing matches the search, and clears it', async () => {
    mockList((url) => jsonResponse(url.searchParams.has('search') ? { data: [], count: 0 } : { data: ROWS, count: 2 }));
    const { router } = renderPage('/permissions?q=nothing');

    const empty = await screen.findByTestId('permissions-empty');
    expect(empty).toHaveTextContent('No permissions match your search');
    expect(screen.queryByTestId('permissions-table')).not.toBeInTheDocument();

    await userEvent.click(within(empty).getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findAllByTestId('permissions-row')).toHaveLength(2);
  });

  it('shows an error with a retry that loads the list again', async () => {
    let fail = true;
    const fetchMock = mockList(() =>
      fail ? jsonResponse({ code: 'INTERNAL', message: 'down' }, 500) : jsonResponse({ data: ROWS, count: 2 }),
    );
    renderPage();

    const error = await screen.findByTestId('permissions-error');
    expect(error).toHaveTextContent('The permissions could not be loaded.');
    expect(screen.queryByTestId('permissions-table')).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByTestId('permissions-retry'));

    expect(await screen.findAllByTestId('permissions-row')).toHaveLength(2);
    expect(screen.queryByTestId('permissions-error')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('goes to the last page when the URL names a page past the end', async () => {
    const fetchMock = mockList(() => jsonResponse({ data: ROWS, count: 30 }));
    const { router } = renderPage('/permissions?page=9&size=10');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=3&size=10'));
    await vi.waitFor(() => expect(sentQueries(fetchMock).at(-1)).toBe('?limit_start=20&limit_count=10'));
  });

  it('is labelled in the chosen language', async () => {
    mockList(() => jsonResponse({ data: ROWS, count: 2 }));
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('de');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Berechtigungen' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Bereich' })).toBeInTheDocument();
  });
});
