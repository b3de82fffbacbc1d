import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_ID, jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { setViewport } from '../../../testing/viewport';
import { CASE_A, CASE_B, caseListItem, myCompany, signInWith } from '../test-fixtures';
import { CasesPage } from './cases';

const render = (url: string) =>
  renderWithProviders(
    <Suspense fallback={null}>
      <CasesPage />
    </Suspense>,
    { path: '/my-cases', url },
  );

const rows = () => [
  caseListItem({ id: CASE_A, name: 'Crown 16', status: 'in-approval' }),
  caseListItem({
    id: CASE_B,
    name: 'Bridge 34',
    patient: 'P-7',
    status: 'queued',
    jaws: [
      { jaw: 'upper', status: 'queued', deleted_at: null },
      { jaw: 'lower', status: 'unsupported', deleted_at: null },
    ],
  }),
];

const flags = () => jsonResponse({ data: [], total: 0 });

describe('CasesPage', () => {
  it('reads its filters from the URL, sends them to the server and keeps new ones in the URL', async () => {
    signInWith(['backoffice-case-instance']);
    const calls = mockServer({
      '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(myCompany(false)),
      '/api/flags': flags,
    });
    const { router } = render('/my-cases?status=in-approval,queued&from=2026-11-01&q=crown&sort=name&dir=asc');
    const found = await screen.findAllByTestId('case-row');
    expect(found).toHaveLength(2);
    expect(within(found[0]!).getByRole('link', { name: 'Crown 16' })).toHaveAttribute(
      'href',
      `/my-cases/${CASE_A}/show`,
    );
    expect(within(found[0]!).getByTestId('case-status')).toHaveTextContent('In approval');
    expect(within(found[1]!).getByTestId('case-status')).toHaveTextContent('Queued');
    expect(within(found[1]!).getByRole('img', { name: 'Lower jaw: Unsupported' })).toBeInTheDocument();
    expect(within(found[1]!).getByRole('img', { name: 'Upper jaw: Being checked' })).toBeInTheDocument();

    const list = calls.filter((c) => c.path === '/api/case-lists');
    const query = new URLSearchParams(list[0]!.search);
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      per_page: '25',
      search: 'crown',
      status: 'in-approval,queued',
      from: '2026-11-01',
      sort_by: 'name',
      sort_dir: 'asc',
    });
    // A practice does not filter by company.
    expect(screen.queryByTestId('cases-company-filter')).not.toBeInTheDocument();

    const to = screen.getByLabelText('Created until');
    await userEvent.type(to, '2026-11-30');
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-11-30'));
    await vi.waitFor(() =>
      expect(new URLSearchParams(calls.filter((c) => c.path === '/api/case-lists').at(-1)!.search).get('to')).toBe(
        '2026-11-30',
      ),
    );
  });

  it('offers only the bulk actions the user may take and the chosen cases allow, and shows per case what was refused', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-approve']);
    const calls = mockServer({
      '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(myCompany(false)),
      '/api/flags': flags,
      '/api/approve-cases': () =>
        jsonResponse({
          results: [
            { id: CASE_A, ok: true },
            {
              id: CASE_B,
              ok: false,
              code: 'CASE_TRANSITION_NOT_ALLOWED',
              message: 'A case that is queued cannot become approved',
            },
          ],
        }),
    });
    render('/my-cases');
    await screen.findAllByTestId('case-row');

    // Only the queued case chosen: nothing it allows can be approved.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bridge 34' }));
    const bar = screen.getByTestId('cases-bulk-bar');
    expect(within(bar).getByText('1 case selected')).toBeInTheDocument();
    expect(within(bar).queryByTestId('cases-bulk-approve')).not.toBeInTheDocument();
    // Without backoffice-case-instance-delete there is no trash, and a practice changes no status.
    expect(within(bar).queryByTestId('cases-bulk-trash')).not.toBeInTheDocument();
    expect(within(bar).queryByTestId('cases-bulk-status')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Crown 16' }));
    await userEvent.click(within(bar).getByTestId('cases-bulk-approve'));
    // It asks first, naming the cases and what follows.
    const confirm = await screen.findByTestId('cases-bulk-confirm');
    expect(confirm).toHaveTextContent('Approve these 2 cases?');
    expect(confirm).toHaveTextContent('Crown 16, Bridge 34');
    expect(within(confirm).getByTestId('cases-bulk-follows')).toHaveTextContent('mark the case finished');
    expect(calls.some((c) => c.path === '/api/approve-cases')).toBe(false);
    await userEvent.click(within(confirm).getByTestId('cases-bulk-confirm-button'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/approve-cases')?.body).toEqual({
        ids: [CASE_B, CASE_A],
        approved: true,
        reason: null,
      }),
    );
    const result = await screen.findByTestId('bulk-result');
    expect(within(result).getByTestId('bulk-summary')).toHaveTextContent('Done: 1. Refused: 1.');
    expect(within(result).getByTestId('bulk-ok')).toHaveTextContent('Crown 16 – done');
    expect(within(result).getByTestId('bulk-refused')).toHaveTextContent(
      'Bridge 34 – A case that is queued cannot become approved',
    );
  });

  it('gives staff the company filter, the status change and, in the trash, delete for good', async () => {
    signInWith(
      ['backoffice-case-instance', 'backoffice-case-instance-status', 'backoffice-case-instance-delete'],
      ['back-office'],
    );
    const trashed = caseListItem({ id: CASE_A, name: 'Old case', status: 'trash', previous_status: 'finished' });
    const calls = mockServer({
      '/api/case-lists': () => jsonResponse({ data: [trashed], total: 1 }),
      '/api/my-company': () => jsonResponse(myCompany(true)),
      '/api/flags': flags,
      '/api/companies': () => jsonResponse({ data: [], total: 0 }),
      [`/api/companies/${COMPANY_ID}`]: () => jsonResponse({ id: COMPANY_ID, company_name: 'Praxis Weiss' }),
      '/api/delete-cases': () => jsonResponse({ results: [{ id: CASE_A, ok: true }] }),
      '/api/update-statuses': () => jsonResponse({ results: [{ id: CASE_A, ok: true }] }),
      '/api/empty-trash': () =>
        jsonResponse({
          deleted: 1,
          companies: [{ company_id: COMPANY_ID, company_name: 'Praxis Weiss', deleted: 1, locked: 0 }],
        }),
    });
    render(`/my-cases?status=trash&company=${COMPANY_ID}`);
    await screen.findAllByTestId('case-row');
    // The company of the URL is named, though the first matches of the picker leave it out.
    await vi.waitFor(() => expect(screen.getByTestId('cases-company-filter')).toHaveValue('Praxis Weiss'));
    // The company of the URL is sent from the first call on (the list waits to know the caller is staff).
    const lists = calls.filter((c) => c.path === '/api/case-lists');
    expect(lists.map((c) => new URLSearchParams(c.search).get('company_id'))).toEqual(lists.map(() => COMPANY_ID));
    expect(screen.getByTestId('cases-empty-trash')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Old case' }));
    const bar = screen.getByTestId('cases-bulk-bar');
    // A trashed case can only go back to where it was, or to another aside status.
    await userEvent.click(within(bar).getByTestId('cases-bulk-status'));
    const select = await screen.findByTestId('cases-bulk-status-select');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Choose a status',
      'Finished',
      'Flagged',
      'Hidden',
    ]);
    await userEvent.selectOptions(select, 'finished');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/update-statuses')?.body).toEqual({
        ids: [CASE_A],
        status: 'finished',
        note: null,
      }),
    );
    expect(await screen.findByTestId('bulk-ok')).toHaveTextContent('Old case – done');
    await userEvent.click(within(screen.getByTestId('bulk-result')).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('bulk-result')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Old case' }));
    await userEvent.click(within(screen.getByTestId('cases-bulk-bar')).getByTestId('cases-bulk-delete'));
    await userEvent.click(await screen.findByTestId('cases-bulk-confirm-button'));
    await vi.waitFor(() => expect(calls.find((c) => c.path === '/api/delete-cases')?.body).toEqual({ ids: [CASE_A] }));
    expect(await screen.findByTestId('bulk-ok')).toHaveTextContent('Old case – done');
    await userEvent.click(within(screen.getByTestId('bulk-result')).getByRole('button', { name: 'Close' }));

    // Empty trash empties what the list shows (the company of the URL), and says so before.
    await userEvent.click(screen.getByTestId('cases-empty-trash'));
    const confirm = await screen.findByTestId('cases-empty-trash-confirm');
    expect(await within(confirm).findByText('Delete 1 case in the trash for good?')).toBeInTheDocument();
    expect(within(confirm).getByTestId('empty-trash-company')).toHaveTextContent('Praxis Weiss: 1 case');
    expect(calls.filter((c) => c.path === '/api/empty-trash').map((c) => c.body)).toEqual([
      { company_id: COMPANY_ID, dry_run: true },
    ]);
  });

  it('gives a partner with customers the company filter and column, and no status change', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-status', 'backoffice-company']);
    const calls = mockServer({
      '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(myCompany(false)),
      '/api/flags': flags,
      '/api/companies': () => jsonResponse({ data: [{ id: COMPANY_ID, company_name: 'Praxis Weiss' }], total: 4 }),
    });
    const { router } = render('/my-cases');
    await screen.findAllByTestId('case-row');
    expect(await screen.findByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    await userEvent.click(await screen.findByTestId('cases-company-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'Praxis Weiss' }));
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('company')).toBe(COMPANY_ID));
    await vi.waitFor(() =>
      expect(
        new URLSearchParams(calls.filter((c) => c.path === '/api/case-lists').at(-1)!.search).get('company_id'),
      ).toBe(COMPANY_ID),
    );
    // Status changes by hand stay the back office's.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Crown 16' }));
    expect(within(screen.getByTestId('cases-bulk-bar')).queryByTestId('cases-bulk-status')).not.toBeInTheDocument();
  });
});

describe('CasesPage description', () => {
  const PRACTICE_LINE = "Your practice's scans and what the engine made of them.";
  const COMPANIES_LINE = 'The scans of the companies you look after and what the engine made of them.';

  it('speaks to a practice of its own scans', async () => {
    signInWith(['backoffice-case-instance']);
    mockServer({
      '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(myCompany(false)),
      '/api/flags': flags,
    });
    render('/my-cases');
    expect(await screen.findByText(PRACTICE_LINE)).toBeInTheDocument();
    expect(screen.queryByText(COMPANIES_LINE)).not.toBeInTheDocument();
  });

  it('speaks to staff and to a partner with customers of the companies they look after', async () => {
    for (const staff of [true, false]) {
      signInWith(['backoffice-case-instance', 'backoffice-company'], staff ? ['back-office'] : ['reseller']);
      mockServer({
        '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
        '/api/my-company': () => jsonResponse(myCompany(staff)),
        '/api/flags': flags,
        '/api/companies': () => jsonResponse({ data: [], total: 4 }),
      });
      const { unmount } = render('/my-cases');
      expect(await screen.findByText(COMPANIES_LINE)).toBeInTheDocument();
      expect(screen.queryByText(PRACTICE_LINE)).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('CasesPage on a phone', () => {
  it('shows each case as a card with its name, status and date, and folds the filters into one control', async () => {
    setViewport(390);
    signInWith(['backoffice-case-instance']);
    mockServer({
      '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(myCompany(false)),
      '/api/flags': flags,
    });
    render('/my-cases?status=in-approval,queued&from=2026-11-01');

    const cards = await screen.findAllByTestId('case-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Crown 16' })).toHaveAttribute(
      'href',
      `/my-cases/${CASE_A}/show`,
    );
    expect(within(cards[0]!).getByTestId('case-status')).toHaveTextContent('In approval');
    expect(within(cards[1]!).getByText('P-7')).toBeInTheDocument();
    // One cell per row (plus the checkbox): no column that would need sideways scrolling.
    expect(within(screen.getAllByTestId('case-row')[0]!).getAllByRole('cell')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: /Updated/ })).not.toBeInTheDocument();

    const toggle = screen.getByTestId('cases-filters-toggle');
    expect(toggle).toHaveAccessibleName('Filters (2 active)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Created until')).toBeVisible();
  });

  it('keeps the columns and the filters in a row from the sm breakpoint up', async () => {
    setViewport(1024);
    signInWith(['backoffice-case-instance']);
    mockServer({
      '/api/case-lists': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(myCompany(false)),
      '/api/flags': flags,
    });
    render('/my-cases');

    await screen.findAllByTestId('case-row');
    expect(screen.queryByTestId('case-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cases-filters-toggle')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toBeInTheDocument();
  });
});
