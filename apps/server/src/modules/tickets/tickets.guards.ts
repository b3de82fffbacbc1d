import { multipart } from '../../../test/docx';
import { defineGuards } from '../../../test/guards';

const openTicket = (companyId?: string) =>
  multipart([
    { name: 'subject', value: 'Matrix ticket' },
    { name: 'description', value: 'Opened by the guard tests' },
    ...(companyId ? [{ name: 'company_id', value: companyId }] : []),
    { name: 'attachments', fileName: 'notes.txt', content: Buffer.from('matrix attachment') },
  ]);

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/ticket': null,
    'POST /api/ticket': null,
    'GET /api/ticket/assignees': null,
    'POST /api/ticket/bulk-edit': 'ticket',
    'GET /api/ticket/comments': null,
    'POST /api/ticket/comments': null,
    'GET /api/ticket/comments/download-attachment/:id': 'ticketAttachment',
    'GET /api/ticket/comments/remove-attachment/:id': 'ticketAttachment',
    'POST /api/ticket/comments/remove-attachment/:id': 'ticketAttachment',
    'DELETE /api/ticket/comments/remove-attachment/:id': 'ticketAttachment',
    'GET /api/ticket/comments/:id': 'ticketComment',
    'PUT /api/ticket/comments/:id': 'ticketComment',
    'DELETE /api/ticket/comments/:id': 'ticketComment',
    'GET /api/ticket/:id': 'ticket',
    'PUT /api/ticket/:id': 'ticket',
    'DELETE /api/ticket/:id': 'ticket',
  },
  fields: { ticket_id: 'ticket' },
  changingGets: ['GET /api/ticket/comments/remove-attachment/:id'],
  records: {
    ticket: {
      scope: 'tenant',
      create: async ({ upload, created, memberToken }) =>
        created(await upload('/api/ticket', openTicket(), memberToken)),
    },
    ticketComment: {
      scope: 'tenant',
      create: async ({ upload, created, memberToken }) => {
        const ticketId = created(await upload('/api/ticket', openTicket(), memberToken));
        return created(
          await upload(
            '/api/ticket/comments',
            multipart([
              { name: 'ticket_id', value: ticketId },
              { name: 'body', value: 'A matrix comment' },
              { name: 'attachments', fileName: 'comment.txt', content: Buffer.from('matrix comment file') },
            ]),
            memberToken,
          ),
        );
      },
    },
    ticketAttachment: {
      scope: 'tenant',
      create: async ({ upload, memberToken }) => {
        const response = await upload('/api/ticket', openTicket(), memberToken);
        if (response.statusCode !== 201) throw new Error(`ticket not opened: ${response.statusCode} ${response.body}`);
        return (response.json() as { attachments: { id: string }[] }).attachments[0]!.id;
      },
    },
  },
  multipart: {
    'POST /api/ticket': { kinds: [], build: () => openTicket() },
    'POST /api/ticket/comments': {
      kinds: ['ticket'],
      build: (records) =>
        multipart([
          { name: 'ticket_id', value: records.ticket! },
          { name: 'body', value: 'A matrix answer' },
        ]),
    },
  },
});
