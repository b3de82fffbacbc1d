import type { Ticket, TicketComment, TicketListItem } from '@cuspid/contracts/tickets';

export const TICKET_ID = '5a1c0d2e-3b4f-4a6b-8c7d-9e0f1a2b3c4d';
export const OTHER_TICKET_ID = '6b2d1e3f-4c5a-4b7c-9d8e-0f1a2b3c4d5e';
export const STAFF_ID = '1f2e3d4c-5b6a-4789-8abc-def012345678';
export const PRACTICE_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

export function ticketListItem(overrides: Partial<TicketListItem> = {}): TicketListItem {
  return {
    id: TICKET_ID,
    number: 'T-2026-000042',
    subject: 'Upper jaw result looks shifted',
    priority: 'high',
    status: 'new',
    company_id: PRACTICE_ID,
    company_name: 'Praxis Weiss',
    case_id: null,
    case_name: null,
    reporter_id: '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e',
    reporter_name: 'Petra Weiss',
    assignee_id: null,
    assignee_name: null,
    resolved_at: null,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function ticketRecord(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ...ticketListItem(),
    description: 'The result of case Miller is 2 mm off.',
    attachments: [
      {
        id: '7c3e2f4a-5d6b-4c8d-9e0f-3a4b5c6d7e8f',
        ticket_id: TICKET_ID,
        comment_id: null,
        file_name: 'screenshot.png',
        content_type: 'image/png',
        size: 2048,
        uploaded_by: '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e',
        created_at: '2026-11-20T09:00:00.000Z',
      },
    ],
    history: [
      {
        id: '8d4f3a5b-6e7c-4d9e-8f1a-4b5c6d7e8f9a',
        kind: 'created',
        from: null,
        to: 'T-2026-000042',
        actor_name: 'Petra Weiss',
        created_at: '2026-11-20T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function ticketComment(overrides: Partial<TicketComment> = {}): TicketComment {
  return {
    id: '9e5a4b6c-7f8d-4e0f-9a2b-5c6d7e8f9a0b',
    ticket_id: TICKET_ID,
    body: 'Please upload the lower jaw again.',
    is_internal: false,
    by_staff: true,
    author_id: STAFF_ID,
    author_name: 'Emil Employee',
    attachments: [],
    created_at: '2026-11-20T10:00:00.000Z',
    edited_at: null,
    ...overrides,
  };
}
