import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { companyRecord, operatorCompany, PRAXIS_ID, signInWith } from '../../invoices/test-fixtures';
import { TICKET_ID, ticketRecord } from '../test-fixtures';
import { TicketCreatePage } from './ticket-create';

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <TicketCreatePage />
    </Suspense>,
    { path: '/tickets/create', url: '/tickets/create' },
  );

describe('TicketCreatePage', () => {
  it('lets the back office open a ticket for a customer’s company, and looks for cases of that company', async () => {
    signInWith(['backoffice-ticket']);
    const calls = mockServer({
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/companies': () =>
        jsonResponse({ data: [companyRecord({ id: PRAXIS_ID, company_name: 'Praxis Dr. Zahn' })], total: 1 }),
      '/api/case-lists': () => jsonResponse({ data: [], total: 0 }),
      '/api/ticket': () => jsonResponse(ticketRecord({ id: TICKET_ID }), 201),
    });
    render();

    const company = await screen.findByTestId('ticket-company');
    await userEvent.click(company);
    await userEvent.click(await screen.findByRole('option', { name: 'Praxis Dr. Zahn' }));
    await userEvent.type(screen.getByTestId('ticket-subject'), 'Scan upload fails');
    await userEvent.type(screen.getByTestId('ticket-description'), 'The upload stops at 80 %.');
    await userEvent.click(screen.getByTestId('ticket-submit'));

    const sent = await vi.waitFor(() => {
      const post = calls.find((call) => call.method === 'POST' && call.path === '/api/ticket');
      if (!post) throw new Error('no POST /api/ticket yet');
      return post;
    });
    expect((sent.body as FormData).get('company_id')).toBe(PRAXIS_ID);
    const caseSearches = calls.filter((call) => call.path === '/api/case-lists');
    expect(caseSearches.at(-1)?.search).toContain(`company_id=${PRAXIS_ID}`);
  });

  it('shows no company choice to a practice: its tickets are its own', async () => {
    signInWith(['backoffice-ticket']);
    mockServer({
      '/api/my-company': () => jsonResponse(companyRecord({ id: PRAXIS_ID, is_operator: false })),
      '/api/case-lists': () => jsonResponse({ data: [], total: 0 }),
    });
    render();
    await screen.findByTestId('ticket-subject');
    // Asked once the company is known: still none.
    await screen.findByTestId('ticket-case');
    expect(screen.queryByTestId('ticket-company')).not.toBeInTheDocument();
  });

  it('offers a partner its customers’ companies', async () => {
    signInWith(['backoffice-ticket', 'backoffice-company']);
    mockServer({
      '/api/my-company': () => jsonResponse(companyRecord({ is_operator: false })),
      '/api/companies': () =>
        jsonResponse({ data: [companyRecord({ id: PRAXIS_ID, company_name: 'Praxis Dr. Zahn' })], total: 3 }),
      '/api/case-lists': () => jsonResponse({ data: [], total: 0 }),
    });
    render();
    await userEvent.click(await screen.findByTestId('ticket-company'));
    expect(await screen.findByRole('option', { name: 'Praxis Dr. Zahn' })).toBeInTheDocument();
  });
});
