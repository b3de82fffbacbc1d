import {
  bulkResultSchema,
  errorResponseSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  TICKET_PERMISSION,
  TICKET_ROUTES,
  ticketAssigneeSchema,
  ticketBulkEditSchema,
  ticketCommentCreateSchema,
  ticketCommentListQuerySchema,
  ticketCommentSchema,
  ticketCommentUpdateSchema,
  ticketCreateSchema,
  ticketListItemSchema,
  ticketListQuerySchema,
  ticketSchema,
  ticketUpdateSchema,
} from '@cuspid/contracts/tickets';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import { sendDownload } from '../cases';
import * as comments from './tickets.comments';
import { receiveTicketForm, TICKET_MULTIPART_LIMITS } from './tickets.files';
import * as service from './tickets.service';

const tags = ['tickets'];
const permission = TICKET_PERMISSION;
const withFiles = ['multipart/form-data', 'application/json'];

export const ticketsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: TICKET_MULTIPART_LIMITS });

  app.get(
    TICKET_ROUTES.tickets,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Tickets, newest first (paged; filters: status, priority, assignee, company; search: number, subject, company)',
        querystring: ticketListQuerySchema,
        response: { 200: totalListSchema(ticketListItemSchema), ...errorResponses },
      },
    },
    (request) => service.listTickets(deps, requireActor(request), request.query),
  );

  app.post(
    TICKET_ROUTES.tickets,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Open a ticket (multipart: subject, description, priority, case_id, company_id and files named attachments; or JSON without files)',
        consumes: withFiles,
        response: { 201: ticketSchema, 413: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await receiveTicketForm(deps, request, ticketCreateSchema);
      return reply.status(201).send(await service.createTicket(deps, actor, form.fields, form.files));
    },
  );

  app.get(
    TICKET_ROUTES.assignees,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The back-office users a ticket can be assigned to (the support team only)',
        response: { 200: z.object({ data: z.array(ticketAssigneeSchema) }), ...errorResponses },
      },
    },
    (request) => service.listAssignees(deps, requireActor(request)),
  );

  app.post(
    TICKET_ROUTES.bulkEdit,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Set the status, priority or assignee of many tickets in one transaction; answers per ticket',
        body: ticketBulkEditSchema,
        response: { 200: bulkResultSchema, ...errorResponses },
      },
    },
    (request) => service.bulkEditTickets(deps, requireActor(request), request.body),
  );

  app.get(
    TICKET_ROUTES.comments,
    {
      config: { permission },
      schema: {
        tags,
        summary: "A ticket's conversation, oldest first (internal notes for the support team only)",
        querystring: ticketCommentListQuerySchema,
        response: { 200: z.object({ data: z.array(ticketCommentSchema) }), ...errorResponses },
      },
    },
    (request) => comments.listComments(deps, requireActor(request), request.query.ticket_id),
  );

  app.post(
    TICKET_ROUTES.comments,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Answer on a ticket, or write an internal note (support team only) (multipart: ticket_id, body, is_internal and files named attachments; or JSON without files)',
        consumes: withFiles,
        response: { 201: ticketCommentSchema, 413: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await receiveTicketForm(deps, request, ticketCommentCreateSchema);
      return reply.status(201).send(await comments.createComment(deps, actor, form.fields, form.files));
    },
  );

  app.get(
    TICKET_ROUTES.downloadAttachment(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: "A ticket's file (an internal note's: the support team only)",
        params: idParamsSchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const download = await comments.openAttachment(deps, requireActor(request), request.params.id);
      // Whatever the file holds, it is saved, never shown or run in the portal's origin.
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      return sendDownload(reply, download);
    },
  );

  // The spec names a GET; DELETE and POST do the same for clients that keep GET free of side effects (ADR 0112).
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url: TICKET_ROUTES.removeAttachment(':id'),
      config: { permission },
      schema: {
        tags,
        summary: "Remove a ticket's file (the support team any, a customer its own uploads)",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
      handler: (request) => comments.removeAttachment(deps, requireActor(request), request.params.id),
    });
  }

  // One comment: `/ticket/comments/{id}` sits beside the attachment calls one level deeper
  // (`/ticket/comments/download-attachment/{id}`), so neither path can take the other's requests.
  app.get(
    TICKET_ROUTES.comment(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One comment with its files (an internal note: the support team only)',
        params: idParamsSchema,
        response: { 200: ticketCommentSchema, ...errorResponses },
      },
    },
    (request) => comments.getComment(deps, requireActor(request), request.params.id),
  );

  app.put(
    TICKET_ROUTES.comment(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: "Change a comment's text (its author only; a customer not on a resolved ticket); no mail is sent",
        params: idParamsSchema,
        body: ticketCommentUpdateSchema,
        response: { 200: ticketCommentSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => comments.updateComment(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    TICKET_ROUTES.comment(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a comment with its files (the support team any, a customer its own, not on a resolved ticket)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => comments.deleteComment(deps, requireActor(request), request.params.id),
  );

  app.get(
    TICKET_ROUTES.ticket(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One ticket with its files and history',
        params: idParamsSchema,
        response: { 200: ticketSchema, ...errorResponses },
      },
    },
    (request) => service.getTicket(deps, requireActor(request), request.params.id),
  );

  app.put(
    TICKET_ROUTES.ticket(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Change a ticket (only the fields named): status by the transition table (customers: resolve or reopen), assignee (support team only), priority, subject, description, case',
        params: idParamsSchema,
        body: ticketUpdateSchema,
        response: { 200: ticketSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateTicket(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    TICKET_ROUTES.ticket(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a ticket with its conversation and files (support team only)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteTicket(deps, requireActor(request), request.params.id),
  );
};
