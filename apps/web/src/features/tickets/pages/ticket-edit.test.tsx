import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { operatorCompany, signInWith } from '../../invoices/test-fixtures';
import { STAFF_ID, TICKET_ID, ticketComment, ticketRecord } from '../test-fixtures';
import { TicketEditPage } from './ticket-edit';

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <TicketEditPage />
    </Suspense>,
    { path: '/tickets/:id/edit', url: `/tickets/${TICKET_ID}/edit` },
  );

describe('TicketEditPage', () => {
  it('shows the conversation with internal notes to staff, who answer or note, assign and move the ticket', async () => {
    signInWith(['backoffice-ticket']);
    const calls = mockServer({
      [`/api/ticket/${TICKET_ID}`]: (call) =>
        jsonResponse(call.method === 'PUT' ? ticketRecord({ ...(call.body as object) }) : ticketRecord()),
      '/api/ticket/comments': (call) =>
        call.method === 'POST'
          ? jsonResponse(ticketComment({ is_internal: true, body: 'Check the scanner' }), 201)
          : jsonResponse({
              data: [
                ticketComment(),
                ticketComment({
                  id: 'a1b2c3d4-0000-4000-8000-000000000001',
                  is_internal: true,
                  body: 'Difficult customer',
                }),
              ],
            }),
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/ticket/assignees': () =>
        jsonResponse({ data: [{ id: STAFF_ID, name: 'Emil Employee', mail: 'staff@cuspid.local' }] }),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'T-2026-000042 Upper jaw result looks shifted',
    );
    expect(screen.getByTestId('ticket-description')).toHaveTextContent('The result of case Miller is 2 mm off.');
    expect(screen.getByTestId('ticket-description')).toHaveTextContent('screenshot.png');
    expect(await screen.findByTestId('ticket-answer')).toHaveTextContent('Please upload the lower jaw again.');
    expect(screen.getByTestId('ticket-note')).toHaveTextContent('Internal note');
    // A new ticket may go anywhere but back to new.
    const status = screen.getByTestId('ticket-status-select');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New', 'Open', 'Pending', 'Waiting for response', 'Resolved']);
    await userEvent.selectOptions(status, 'waitingForResponse');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'waitingForResponse' }),
    );
    const assignee = screen.getByTestId('ticket-assignee-select');
    await vi.waitFor(() => expect(within(assignee).getByRole('option', { name: 'Emil Employee' })).toBeInTheDocument());
    await userEvent.selectOptions(assignee, STAFF_ID);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ assignee_id: STAFF_ID }),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Internal note' }));
    await userEvent.type(screen.getByTestId('ticket-reply-body'), 'Check the scanner');
    await userEvent.click(screen.getByTestId('ticket-reply-send'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const form = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      ticket_id: TICKET_ID,
      body: 'Check the scanner',
      is_internal: 'true',
    });
  });

  it('gives a customer no internal notes, no assignment and only resolving or reopening', async () => {
    signInWith(['backoffice-ticket'], ['end-user']);
    const calls = mockServer({
      [`/api/ticket/${TICKET_ID}`]: () => jsonResponse(ticketRecord({ status: 'waitingForResponse' })),
      '/api/ticket/comments': (call) =>
        call.method === 'POST'
          ? jsonResponse(ticketComment({ by_staff: false, body: 'Uploaded it' }), 201)
          : jsonResponse({ data: [ticketComment()] }),
      '/api/my-company': () => jsonResponse({ ...operatorCompany(), is_operator: false }),
    });
    render();
    await screen.findByTestId('ticket-answer');
    expect(screen.queryByTestId('ticket-reply-visibility')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ticket-assignee-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ticket-delete')).not.toBeInTheDocument();
    const status = screen.getByTestId('ticket-status-select');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Waiting for response', 'Open', 'Resolved']);
    await userEvent.type(screen.getByTestId('ticket-reply-body'), 'Uploaded it');
    await userEvent.click(screen.getByTestId('ticket-reply-send'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const form = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({ ticket_id: TICKET_ID, body: 'Uploaded it' });
    expect(calls.some((c) => c.path === '/api/ticket/assignees')).toBe(false);
  });
});
