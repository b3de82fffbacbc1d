import {
  AUTH_ROUTES,
  countedListSchema,
  createPermissionBodySchema,
  errorResponseSchema,
  errorResponsesFor,
  groupingListSchema,
  idBodySchema,
  idQuerySchema,
  listPermissionsQuerySchema,
  messageResponseSchema,
  permissionRecordSchema,
  IDENTITY_ROUTES as R,
  updatePermissionBodySchema,
} from '@cuspid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './permissions.service';

const errors = errorResponsesFor(400, 401, 403, 404, 409, 419);
const withData = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
const tags = ['permissions'];

/** The permission catalogue: the signed-in user's list, and its administration (spec section 7). */
export const permissionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    AUTH_ROUTES.listPermissions,
    {
      // Every signed-in user loads the permission list once to name what they hold (spec section 4).
      schema: {
        tags: ['authentication'],
        summary: 'List permissions (paged with limit_start and limit_count)',
        querystring: listPermissionsQuerySchema,
        response: {
          200: countedListSchema(permissionRecordSchema),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          419: errorResponseSchema,
        },
      },
    },
    (request) => service.listPermissions(deps, request.query),
  );
  app.get(
    R.listPermissionById,
    {
      config: { permission: 'list-permissions' },
      schema: {
        tags,
        summary: 'One permission (?id=)',
        querystring: idQuerySchema,
        response: { 200: permissionRecordSchema, ...errors },
      },
    },
    (request) => service.getPermission(deps, request.query.id),
  );
  app.get(
    R.listGroupings,
    {
      config: { permission: 'list-groupings' },
      schema: {
        tags,
        summary: 'Permission groupings with their sizes',
        response: { 200: groupingListSchema, ...errors },
      },
    },
    () => service.listGroupings(deps),
  );
  app.post(
    R.createPermission,
    {
      config: { permission: 'create-permission' },
      schema: {
        tags,
        summary: 'Create a permission',
        body: createPermissionBodySchema,
        response: { 201: withData(permissionRecordSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPermission(deps, requireActor(request), request.body)),
  );
  app.post(
    R.updatePermission,
    {
      config: { permission: 'update-permission' },
      schema: {
        tags,
        summary: 'Update a permission (built-in ones: grouping only)',
        body: updatePermissionBodySchema,
        response: { 200: withData(permissionRecordSchema), ...errors },
      },
    },
    (request) => service.updatePermission(deps, requireActor(request), request.body),
  );
  app.post(
    R.deletePermission,
    {
      config: { permission: 'delete-permission' },
      schema: {
        tags,
        summary: 'Delete a permission that is not built in',
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.deletePermission(deps, requireActor(request), request.body.id),
  );
};
