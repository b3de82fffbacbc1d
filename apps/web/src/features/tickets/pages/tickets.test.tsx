import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { companyRecord, operatorCompany, PRAXIS_ID, signInWith } from '../../invoices/test-fixtures';
import { OTHER_TICKET_ID, STAFF_ID, TICKET_ID, ticketListItem } from '../test-fixtures';
import { TicketsPage } from './tickets';

const render = (url: string) =>
  renderWithProviders(
    <Suspense fallback={null}>
      <TicketsPage />
    </Suspense>,
    { path: '/tickets', url },
  );

const rows = () => [
  ticketListItem(),
  ticketListItem({
    id: OTHER_TICKET_ID,
    number: 'T-2026-000043',
    subject: 'Invoice question',
    priority: 'low',
    status: 'waitingForResponse',
    assignee_id: STAFF_ID,
    assignee_name: 'Emil Employee',
  }),
];

describe('TicketsPage', () => {
  it('lists tickets, sends its filters to the server and bulk-edits the chosen ones with a result per ticket', async () => {
    signInWith(['backoffice-ticket']);
    const calls = mockServer({
      '/api/ticket': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/ticket/assignees': () =>
        jsonResponse({ data: [{ id: STAFF_ID, name: 'Emil Employee', mail: 'staff@cuspid.local' }] }),
      '/api/ticket/bulk-edit': () =>
        jsonResponse({
          results: [
            { id: TICKET_ID, ok: true },
            {
              id: OTHER_TICKET_ID,
              ok: false,
              code: 'TICKET_TRANSITION_NOT_ALLOWED',
              message: 'A ticket that is resolved cannot become pending',
            },
          ],
        }),
    });
    const { router } = render('/tickets?status=new,waitingForResponse&q=jaw');

    const found = await screen.findAllByTestId('ticket-row');
    // Staff answer the customers' questions; "our support team" is the customer's view.
    expect(
      await screen.findByText('The customers’ questions and problems, answered by the support team.'),
    ).toBeInTheDocument();
    expect(found).toHaveLength(2);
    expect(within(found[0]!).getByRole('link', { name: 'T-2026-000042' })).toHaveAttribute(
      'href',
      `/tickets/${TICKET_ID}/edit`,
    );
    expect(within(found[0]!).getByTestId('ticket-status')).toHaveTextContent('New');
    expect(within(found[0]!).getByTestId('ticket-priority')).toHaveTextContent('High');
    expect(found[0]).toHaveTextContent('Unassigned');
    expect(within(found[1]!).getByTestId('ticket-status')).toHaveTextContent('Waiting for response');
    expect(found[1]).toHaveTextContent('Emil Employee');
    const list = () => calls.filter((c) => c.path === '/api/ticket');
    expect(Object.fromEntries(new URLSearchParams(list()[0]!.search))).toEqual({
      page: '1',
      per_page: '25',
      search: 'jaw',
      status: 'new,waitingForResponse',
    });

    // Staff filter by assignee.
    const assignee = await screen.findByTestId('tickets-assignee-filter');
    await vi.waitFor(() => expect(within(assignee).getByRole('option', { name: 'Emil Employee' })).toBeInTheDocument());
    await userEvent.selectOptions(assignee, STAFF_ID);
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('assignee')).toBe(STAFF_ID));
    await vi.waitFor(() => expect(new URLSearchParams(list().at(-1)!.search).get('assignee_id')).toBe(STAFF_ID));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select ticket T-2026-000042' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select ticket T-2026-000043' }));
    expect(screen.getByTestId('tickets-bulk-bar')).toHaveTextContent('2 tickets selected');
    await userEvent.selectOptions(screen.getByTestId('tickets-bulk-status'), 'pending');
    await userEvent.selectOptions(screen.getByTestId('tickets-bulk-assignee'), STAFF_ID);
    await userEvent.click(screen.getByTestId('tickets-bulk-apply'));

    const result = await screen.findByTestId('ticket-bulk-result');
    expect(calls.find((c) => c.path === '/api/ticket/bulk-edit')!.body).toEqual({
      ids: [TICKET_ID, OTHER_TICKET_ID],
      status: 'pending',
      assignee_id: STAFF_ID,
    });
    expect(within(result).getByTestId('ticket-bulk-summary')).toHaveTextContent('Changed: 1. Refused: 1.');
    expect(within(result).getByTestId('ticket-bulk-ok')).toHaveTextContent('T-2026-000042');
    expect(within(result).getByTestId('ticket-bulk-refused')).toHaveTextContent(
      'A ticket that is resolved cannot become pending',
    );
  });

  it('offers a customer neither the assignee nor the company filter, and only resolve or reopen in bulk', async () => {
    signInWith(['backoffice-ticket'], ['end-user']);
    const calls = mockServer({
      '/api/ticket': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse({ ...operatorCompany(), is_operator: false }),
    });
    render('/tickets');
    await screen.findAllByTestId('ticket-row');
    expect(screen.getByText('Questions and problems, answered by our support team.')).toBeInTheDocument();
    expect(screen.queryByTestId('tickets-assignee-filter')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tickets-company-filter')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select ticket T-2026-000042' }));
    const status = screen.getByTestId('tickets-bulk-status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Keep as is', 'Resolved', 'Open']);
    expect(screen.queryByTestId('tickets-bulk-assignee')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/ticket/assignees')).toBe(false);
  });

  it('offers a partner with customers the company filter, not the assignee filter', async () => {
    signInWith(['backoffice-ticket', 'backoffice-company']);
    const calls = mockServer({
      '/api/ticket': () => jsonResponse({ data: rows(), total: 2 }),
      '/api/my-company': () => jsonResponse(companyRecord({ is_operator: false })),
      '/api/companies': () =>
        jsonResponse({ data: [companyRecord({ id: PRAXIS_ID, company_name: 'Praxis Dr. Zahn' })], total: 3 }),
    });
    const { router } = render('/tickets');
    await screen.findAllByTestId('ticket-row');
    await userEvent.click(await screen.findByTestId('tickets-company-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'Praxis Dr. Zahn' }));
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('company')).toBe(PRAXIS_ID));
    await vi.waitFor(() =>
      expect(new URLSearchParams(calls.filter((c) => c.path === '/api/ticket').at(-1)!.search).get('company_id')).toBe(
        PRAXIS_ID,
      ),
    );
    expect(screen.queryByTestId('tickets-assignee-filter')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/ticket/assignees')).toBe(false);
  });
});
