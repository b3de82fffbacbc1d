import { errorResponses, idParamsSchema, messageResponseSchema, totalListSchema } from '@cuspid/contracts';
import {
  CRM_ROUTES,
  customerActivityCreateSchema,
  customerActivityListQuerySchema,
  customerActivitySchema,
  customerActivityUpdateSchema,
  customerNoteCreateSchema,
  customerNoteListQuerySchema,
  customerNoteSchema,
  customerNoteUpdateSchema,
  customerTimelineItemSchema,
  customerTimelineQuerySchema,
} from '@cuspid/contracts/crm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './crm.service';

// Notes and activities are part of managing companies: the same permission as the companies themselves.
const permission = 'backoffice-company' as const;

export const crmRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const notes = { tags: ['customer-notes'] };
  const activities = { tags: ['customer-activities'] };

  app.get(
    CRM_ROUTES.notes,
    {
      config: { permission },
      schema: {
        ...notes,
        summary: 'List customer notes the caller may see (paged; company, pinned and text filters)',
        querystring: customerNoteListQuerySchema,
        response: { 200: totalListSchema(customerNoteSchema), ...errorResponses },
      },
    },
    (request) => service.listNotes(deps, requireActor(request), request.query),
  );

  app.post(
    CRM_ROUTES.notes,
    {
      config: { permission },
      schema: {
        ...notes,
        summary: 'Write a note about a company',
        body: customerNoteCreateSchema,
        response: { 201: customerNoteSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createNote(deps, requireActor(request), request.body)),
  );

  app.get(
    CRM_ROUTES.note(':id'),
    {
      config: { permission },
      schema: {
        ...notes,
        summary: 'One customer note',
        params: idParamsSchema,
        response: { 200: customerNoteSchema, ...errorResponses },
      },
    },
    (request) => service.getNote(deps, requireActor(request), request.params.id),
  );

  app.put(
    CRM_ROUTES.note(':id'),
    {
      config: { permission },
      schema: {
        ...notes,
        summary: 'Change the text of a note or pin it (its author, an administrator or staff)',
        params: idParamsSchema,
        body: customerNoteUpdateSchema,
        response: { 200: customerNoteSchema, ...errorResponses },
      },
    },
    (request) => service.updateNote(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    CRM_ROUTES.note(':id'),
    {
      config: { permission },
      schema: {
        ...notes,
        summary: 'Delete a note (its author, an administrator or staff)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteNote(deps, requireActor(request), request.params.id),
  );

  app.get(
    CRM_ROUTES.activities,
    {
      config: { permission },
      schema: {
        ...activities,
        summary: 'List customer activities the caller may see (paged; company, type, status and assignee filters)',
        querystring: customerActivityListQuerySchema,
        response: { 200: totalListSchema(customerActivitySchema), ...errorResponses },
      },
    },
    (request) => service.listActivities(deps, requireActor(request), request.query),
  );

  app.post(
    CRM_ROUTES.activities,
    {
      config: { permission },
      schema: {
        ...activities,
        summary: 'Log or schedule an activity with a company (call, meeting, mail, visit, task)',
        body: customerActivityCreateSchema,
        response: { 201: customerActivitySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createActivity(deps, requireActor(request), request.body)),
  );

  app.get(
    CRM_ROUTES.activity(':id'),
    {
      config: { permission },
      schema: {
        ...activities,
        summary: 'One customer activity',
        params: idParamsSchema,
        response: { 200: customerActivitySchema, ...errorResponses },
      },
    },
    (request) => service.getActivity(deps, requireActor(request), request.params.id),
  );

  app.put(
    CRM_ROUTES.activity(':id'),
    {
      config: { permission },
      schema: {
        ...activities,
        summary: 'Change an activity or mark it done (the assignee may only mark it done or open it again)',
        params: idParamsSchema,
        body: customerActivityUpdateSchema,
        response: { 200: customerActivitySchema, ...errorResponses },
      },
    },
    (request) => service.updateActivity(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    CRM_ROUTES.activity(':id'),
    {
      config: { permission },
      schema: {
        ...activities,
        summary: 'Delete an activity (its author, an administrator or staff)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteActivity(deps, requireActor(request), request.params.id),
  );

  app.get(
    CRM_ROUTES.timeline,
    {
      config: { permission },
      schema: {
        tags: ['customer-notes', 'customer-activities'],
        summary: "A company's notes and activities merged: pinned notes first, then newest first (paged)",
        querystring: customerTimelineQuerySchema,
        response: { 200: totalListSchema(customerTimelineItemSchema), ...errorResponses },
      },
    },
    (request) => service.getTimeline(deps, requireActor(request), request.query),
  );
};
