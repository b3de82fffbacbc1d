import {
  countedListSchema,
  createRoleBodySchema,
  errorResponsesFor,
  idBodySchema,
  idQuerySchema,
  listRolesQuerySchema,
  messageResponseSchema,
  IDENTITY_ROUTES as R,
  roleRecordSchema,
  updateRoleBodySchema,
} from '@cuspid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './roles.service';

const errors = errorResponsesFor(400, 401, 403, 404, 409, 419);
const withData = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
const tags = ['roles'];

/** Roles and the permissions they carry (spec section 7). */
export const rolesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    R.listRoles,
    {
      config: { permission: 'list-roles' },
      schema: {
        tags,
        summary: 'List roles with their permissions',
        querystring: listRolesQuerySchema,
        response: { 200: countedListSchema(roleRecordSchema), ...errors },
      },
    },
    (request) => service.listRoles(deps, request.query),
  );
  app.get(
    R.listRoleById,
    {
      config: { permission: 'list-roles' },
      schema: {
        tags,
        summary: 'One role (?id=)',
        querystring: idQuerySchema,
        response: { 200: roleRecordSchema, ...errors },
      },
    },
    (request) => service.getRole(deps, request.query.id),
  );
  app.post(
    R.createRole,
    {
      config: { permission: 'create-role' },
      schema: {
        tags,
        summary: 'Create a role',
        body: createRoleBodySchema,
        response: { 201: withData(roleRecordSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRole(deps, requireActor(request), request.body)),
  );
  app.post(
    R.updateRole,
    {
      config: { permission: 'update-role' },
      schema: {
        tags,
        summary: 'Update a role, its flags and its permissions',
        body: updateRoleBodySchema,
        response: { 200: withData(roleRecordSchema), ...errors },
      },
    },
    (request) => service.updateRole(deps, requireActor(request), request.body),
  );
  app.post(
    R.deleteRole,
    {
      config: { permission: 'delete-role' },
      schema: {
        tags,
        summary: 'Delete a role no user holds',
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.deleteRole(deps, requireActor(request), request.body.id),
  );
};
