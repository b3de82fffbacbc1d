import {
  bulkResultSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  COMPANY_ROUTES,
  deleteUnitsSchema,
  detachUnitSchema,
  showUnitQuerySchema,
  unitInputSchema,
  unitListQuerySchema,
  unitSchema,
  unitUpdateSchema,
} from '@cuspid/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './units.service';

const tags = ['units'];
const permission = 'backoffice-unit' as const;

export const unitsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    COMPANY_ROUTES.showUnit,
    {
      config: { permission },
      schema: {
        tags,
        summary: "The unit tree of a company (default: the caller's), parents with parent_id",
        querystring: showUnitQuerySchema,
        response: { 200: z.object({ data: z.array(unitSchema) }), ...errorResponses },
      },
    },
    (request) => service.showUnitTree(deps, requireActor(request), request.query.company_id),
  );

  app.get(
    COMPANY_ROUTES.units,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List units (paged; company filter and search)',
        querystring: unitListQuerySchema,
        response: { 200: totalListSchema(unitSchema), ...errorResponses },
      },
    },
    (request) => service.listUnits(deps, requireActor(request), request.query),
  );

  app.post(
    COMPANY_ROUTES.units,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a unit',
        body: unitInputSchema,
        response: { 201: unitSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUnit(deps, requireActor(request), request.body)),
  );

  app.get(
    COMPANY_ROUTES.unit(':id'),
    {
      config: { permission },
      schema: { tags, summary: 'One unit', params: idParamsSchema, response: { 200: unitSchema, ...errorResponses } },
    },
    (request) => service.getUnit(deps, requireActor(request), request.params.id),
  );

  app.put(
    COMPANY_ROUTES.unit(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a unit (user_ids, when given, replaces the members)',
        params: idParamsSchema,
        body: unitUpdateSchema,
        response: { 200: unitSchema, ...errorResponses },
      },
    },
    (request) => service.updateUnit(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    COMPANY_ROUTES.unit(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a unit and its sub-units',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteUnits(deps, requireActor(request), [request.params.id]),
  );

  app.post(
    COMPANY_ROUTES.deleteUnits,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete several units (all or none); `results` lists each id',
        body: deleteUnitsSchema,
        response: { 200: messageResponseSchema.extend(bulkResultSchema.shape), ...errorResponses },
      },
    },
    (request) => service.deleteUnits(deps, requireActor(request), request.body.ids),
  );

  app.post(
    COMPANY_ROUTES.detachUnit,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Remove a user from a unit',
        body: detachUnitSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.detachUser(deps, requireActor(request), request.body.unit_id, request.body.user_id),
  );
};
