import {
  AUTH_ROUTES,
  countedListSchema,
  createUserBodySchema,
  createUserResponseSchema,
  errorResponseSchema,
  errorResponsesFor,
  idBodySchema,
  idQuerySchema,
  invitationResponseSchema,
  listUsersQuerySchema,
  messageResponseSchema,
  IDENTITY_ROUTES as R,
  updateUserBodySchema,
  userRecordSchema,
} from '@cuspid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { assertPermission, requireActor } from '../../plugins/authenticate';
import { clientOf } from '../sessions';
import * as service from './users.service';

const signInErrors = errorResponsesFor(400, 401, 403, 419);
const errors = errorResponsesFor(400, 401, 403, 404, 409, 419);

/** Users: registration and creation, and their administration (spec section 7). */
export const usersRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    AUTH_ROUTES.createUser,
    {
      // Without a session this is self-registration; with one (a user or an API key) it needs `create-user`.
      config: { auth: 'optional', permission: 'create-user' },
      schema: {
        tags: ['authentication'],
        summary: 'Register (no session) or create a user (create-user)',
        body: createUserBodySchema,
        response: {
          201: createUserResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...signInErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      const result = actor
        ? await service.createUser(deps, assertPermission(actor, 'create-user'), request.body)
        : await service.register(deps, request.body, clientOf(request));
      return reply.status(201).send(result);
    },
  );

  app.get(
    R.listUsers,
    {
      config: { permission: 'list-users' },
      schema: {
        tags: ['users'],
        summary: 'List users (company users see their own company only)',
        querystring: listUsersQuerySchema,
        response: { 200: countedListSchema(userRecordSchema), ...errors },
      },
    },
    (request) => service.listUsers(deps, requireActor(request), request.query),
  );
  app.get(
    R.listUserById,
    {
      config: { permission: 'list-users' },
      schema: {
        tags: ['users'],
        summary: 'One user (?id=)',
        querystring: idQuerySchema,
        response: { 200: userRecordSchema, ...errors },
      },
    },
    (request) => service.getUser(deps, requireActor(request), request.query.id),
  );
  app.post(
    R.updateUser,
    {
      config: { permission: 'update-user' },
      schema: {
        tags: ['users'],
        summary: 'Update a user: fields, roles, active, new password',
        body: updateUserBodySchema,
        response: { 200: userRecordSchema, ...errors },
      },
    },
    (request) => service.updateUser(deps, requireActor(request), request.body),
  );
  app.post(
    R.resendInvitation,
    {
      config: { permission: 'update-user' },
      schema: {
        tags: ['users'],
        summary: 'Send an invited user a new invitation link (earlier links stop working)',
        body: idBodySchema,
        response: { 200: invitationResponseSchema, ...errors },
      },
    },
    (request) => service.resendInvitation(deps, requireActor(request), request.body.id),
  );
  app.post(
    R.deleteUser,
    {
      config: { permission: 'delete-user' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user (kept for history; sessions and API keys end)',
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.deleteUser(deps, requireActor(request), request.body.id),
  );
};
