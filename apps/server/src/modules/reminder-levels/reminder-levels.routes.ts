import { errorResponses, idParamsSchema, messageResponseSchema, totalListSchema } from '@cuspid/contracts';
import {
  REMINDER_LEVEL_PERMISSION,
  REMINDER_LEVEL_ROUTES,
  reminderLevelInputSchema,
  reminderLevelListQuerySchema,
  reminderLevelSchema,
  reminderLevelUpdateSchema,
} from '@cuspid/contracts/reminder-levels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './reminder-levels.service';

const tags = ['invoices'];
const permission = REMINDER_LEVEL_PERMISSION;

export const reminderLevelsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    REMINDER_LEVEL_ROUTES.levels,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Reminder levels in escalation order (paged; search by name)',
        querystring: reminderLevelListQuerySchema,
        response: { 200: totalListSchema(reminderLevelSchema), ...errorResponses },
      },
    },
    (request) => service.listLevels(deps, request.query),
  );

  app.post(
    REMINDER_LEVEL_ROUTES.levels,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a reminder level (after the last one unless a level is given; 409 when it exists)',
        body: reminderLevelInputSchema,
        response: { 201: reminderLevelSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createLevel(deps, requireActor(request), request.body)),
  );

  app.get(
    REMINDER_LEVEL_ROUTES.level(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One reminder level',
        params: idParamsSchema,
        response: { 200: reminderLevelSchema, ...errorResponses },
      },
    },
    (request) => service.getLevel(deps, request.params.id),
  );

  app.put(
    REMINDER_LEVEL_ROUTES.level(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Change a reminder level (only the fields named)',
        params: idParamsSchema,
        body: reminderLevelUpdateSchema,
        response: { 200: reminderLevelSchema, ...errorResponses },
      },
    },
    (request) => service.updateLevel(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    REMINDER_LEVEL_ROUTES.level(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a reminder level (reminders already sent keep what they said)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteLevel(deps, requireActor(request), request.params.id),
  );
};
