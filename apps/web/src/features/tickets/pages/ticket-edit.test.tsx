import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer, USER_ID } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { operatorCompany, signInWith } from '../../invoices/test-fixtures';
import { STAFF_ID, TICKET_ID, ticketComment, ticketRecord } from '../test-fixtures';
import { TicketEditPage } from './ticket-edit';

const PRACTICE_USER = '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e';

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

  it("lets the author edit its comment inline and delete it after confirming, not the support team's", async () => {
    signInWith(['backoffice-ticket'], ['end-user']);
    const OWN_ID = 'b2c3d4e5-0000-4000-8000-000000000002';
    const own = ticketComment({
      id: OWN_ID,
      by_staff: false,
      author_id: USER_ID,
      author_name: 'Anna Weiss',
      body: 'Old text',
    });
    let comments = [ticketComment(), own];
    const calls = mockServer({
      [`/api/ticket/${TICKET_ID}`]: () => jsonResponse(ticketRecord({ status: 'open' })),
      '/api/ticket/comments': () => jsonResponse({ data: comments }),
      [`/api/ticket/comments/${OWN_ID}`]: (call) => {
        if (call.method === 'PUT') {
          comments = [
            comments[0]!,
            { ...own, body: (call.body as { body: string }).body, edited_at: '2026-11-20T11:00:00.000Z' },
          ];
          return jsonResponse(comments[1]);
        }
        comments = [comments[0]!];
        return jsonResponse({ message: 'The comment was deleted' });
      },
      '/api/my-company': () => jsonResponse({ ...operatorCompany(), is_operator: false }),
    });
    render();
    const cards = await screen.findAllByTestId('ticket-answer');
    expect(cards).toHaveLength(2);
    // The support team's answer: neither edit nor delete for the customer.
    expect(within(cards[0]!).queryByTestId('ticket-comment-edit')).not.toBeInTheDocument();
    expect(within(cards[0]!).queryByTestId('ticket-comment-delete')).not.toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('ticket-comment-edited')).not.toBeInTheDocument();

    await userEvent.click(within(cards[1]!).getByTestId('ticket-comment-edit'));
    const editor = within(cards[1]!).getByTestId('ticket-comment-editor');
    expect(editor).toHaveValue('Old text');
    await userEvent.clear(editor);
    await userEvent.click(within(cards[1]!).getByTestId('ticket-comment-save'));
    expect(await within(cards[1]!).findByText('Write a message first')).toBeInTheDocument();
    await userEvent.type(editor, 'New text');
    await userEvent.click(within(cards[1]!).getByTestId('ticket-comment-save'));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ body: 'New text' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('ticket-answer')[1]).toHaveTextContent('New text'));
    const edited = within(screen.getAllByTestId('ticket-answer')[1]!).getByTestId('ticket-comment-edited');
    expect(edited).toHaveTextContent(/^edited /);
    expect(screen.queryByTestId('ticket-comment-editor')).not.toBeInTheDocument();

    // Cancel leaves the text as it is and sends nothing.
    await userEvent.click(within(screen.getAllByTestId('ticket-answer')[1]!).getByTestId('ticket-comment-edit'));
    await userEvent.type(screen.getByTestId('ticket-comment-editor'), ' more');
    await userEvent.click(screen.getByTestId('ticket-comment-cancel'));
    expect(screen.getAllByTestId('ticket-answer')[1]).toHaveTextContent('New text');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await userEvent.click(within(screen.getAllByTestId('ticket-answer')[1]!).getByTestId('ticket-comment-delete'));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog).toHaveTextContent('Do you want to delete this record?');
    expect(dialog).toHaveTextContent("You can't revert your action");
    expect(dialog).toHaveTextContent('Message of Anna Weiss');
    await userEvent.click(screen.getByTestId('confirm-delete-submit'));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/ticket/comments/${OWN_ID}`)).toBe(true),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('ticket-answer')).toHaveLength(1));
  });

  it("offers a customer nothing to change on a resolved ticket, while staff delete a customer's comment", async () => {
    const own = ticketComment({ by_staff: false, author_id: USER_ID, author_name: 'Anna Weiss', body: 'Mine' });
    signInWith(['backoffice-ticket'], ['end-user']);
    mockServer({
      [`/api/ticket/${TICKET_ID}`]: () => jsonResponse(ticketRecord({ status: 'resolved' })),
      '/api/ticket/comments': () => jsonResponse({ data: [own] }),
      '/api/my-company': () => jsonResponse({ ...operatorCompany(), is_operator: false }),
    });
    const customer = render();
    await screen.findByTestId('ticket-answer');
    expect(screen.queryByTestId('ticket-comment-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ticket-comment-delete')).not.toBeInTheDocument();
    customer.unmount();

    signInWith(['backoffice-ticket']);
    mockServer({
      [`/api/ticket/${TICKET_ID}`]: () => jsonResponse(ticketRecord({ status: 'resolved' })),
      '/api/ticket/comments': () => jsonResponse({ data: [{ ...own, author_id: PRACTICE_USER }] }),
      '/api/my-company': () => jsonResponse(operatorCompany()),
      '/api/ticket/assignees': () => jsonResponse({ data: [] }),
    });
    render();
    await screen.findByTestId('ticket-answer');
    await vi.waitFor(() => expect(screen.getByTestId('ticket-comment-delete')).toBeInTheDocument());
    // Staff do not edit what a customer wrote.
    expect(screen.queryByTestId('ticket-comment-edit')).not.toBeInTheDocument();
  });
});
