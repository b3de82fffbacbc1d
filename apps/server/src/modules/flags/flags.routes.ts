import {
  errorResponseSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  FLAG_ASSIGN_PERMISSION,
  FLAG_MANAGE_PERMISSION,
  FLAG_READ_PERMISSIONS,
  FLAG_ROUTES,
  flagInputSchema,
  flagListQuerySchema,
  flagSchema,
  flagsCreateResponseSchema,
  flagsCreateSchema,
  flagsUpdateResponseSchema,
  flagsUpdateSchema,
  flagUpdateSchema,
} from '@cuspid/contracts/flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './flags.service';

const tags = ['flags'];
const permission = FLAG_MANAGE_PERMISSION;

export const flagsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    FLAG_ROUTES.flags,
    {
      config: { permission: FLAG_READ_PERMISSIONS },
      schema: {
        tags,
        summary: 'List flag and tag definitions (paged; search, kind and record-type filters)',
        querystring: flagListQuerySchema,
        response: { 200: totalListSchema(flagSchema), ...errorResponses },
      },
    },
    (request) => service.listFlags(deps, requireActor(request), request.query),
  );

  app.post(
    FLAG_ROUTES.flags,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a flag or tag definition',
        body: flagInputSchema,
        response: { 201: flagSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFlag(deps, requireActor(request), request.body)),
  );

  app.get(
    FLAG_ROUTES.flag(':id'),
    {
      config: { permission: FLAG_READ_PERMISSIONS },
      schema: {
        tags,
        summary: 'One flag or tag definition',
        params: idParamsSchema,
        response: { 200: flagSchema, ...errorResponses },
      },
    },
    (request) => service.getFlag(deps, requireActor(request), request.params.id),
  );

  app.put(
    FLAG_ROUTES.flag(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a definition (kind and record types cannot drop what records still carry)',
        params: idParamsSchema,
        body: flagUpdateSchema,
        response: { 200: flagSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateFlag(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    FLAG_ROUTES.flag(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a definition and take it off every record that carries it',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteFlag(deps, requireActor(request), request.params.id),
  );

  app.post(
    FLAG_ROUTES.createFlags,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create several definitions at once (all or none)',
        body: flagsCreateSchema,
        response: { 201: flagsCreateResponseSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFlags(deps, requireActor(request), request.body.items)),
  );

  app.post(
    FLAG_ROUTES.updateFlags,
    {
      // Any labelling permission opens the call; the service then checks the one of the record type.
      config: { permission: Object.values(FLAG_ASSIGN_PERMISSION) },
      schema: {
        tags,
        summary: 'Set the flag and add or remove tags on records of one type (all or none)',
        body: flagsUpdateSchema,
        response: { 200: flagsUpdateResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateRecordFlags(deps, requireActor(request), request.body),
  );
};
