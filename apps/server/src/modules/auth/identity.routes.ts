import {
  apiTokenRecordSchema,
  apiTokenSecretResponseSchema,
  countedListSchema,
  createApiTokenBodySchema,
  createPermissionBodySchema,
  createRoleBodySchema,
  errorResponseSchema,
  groupingListSchema,
  idBodySchema,
  idQuerySchema,
  invitationResponseSchema,
  listApiTokensQuerySchema,
  listRolesQuerySchema,
  listUsersQuerySchema,
  messageResponseSchema,
  oauthErrorSchema,
  permissionRecordSchema,
  IDENTITY_ROUTES as R,
  roleRecordSchema,
  sessionRecordSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updateApiTokenBodySchema,
  updatePermissionBodySchema,
  updateRoleBodySchema,
  updateUserBodySchema,
  userRecordSchema,
} from '@cuspid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor, requireUserActor } from '../../plugins/authenticate';
import { sendError } from '../../plugins/error-handler';
import * as apiKeys from './api-keys.service';
import * as authService from './auth.service';
import * as service from './identity.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  419: errorResponseSchema,
};
const withData = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });

/** Identity administration (spec section 7): users, roles, permissions, API keys, sessions, client credentials. */
export const identityRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // OAuth 2 clients send the token request form-encoded (RFC 6749 section 4.4.2).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Users
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

  // Roles
  app.get(
    R.listRoles,
    {
      config: { permission: 'list-roles' },
      schema: {
        tags: ['roles'],
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
        tags: ['roles'],
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
        tags: ['roles'],
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
        tags: ['roles'],
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
        tags: ['roles'],
        summary: 'Delete a role no user holds',
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.deleteRole(deps, requireActor(request), request.body.id),
  );

  // Permissions (the list itself is GET /list-permissions in auth.routes.ts)
  app.get(
    R.listPermissionById,
    {
      config: { permission: 'list-permissions' },
      schema: {
        tags: ['permissions'],
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
        tags: ['permissions'],
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
        tags: ['permissions'],
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
        tags: ['permissions'],
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
        tags: ['permissions'],
        summary: 'Delete a permission that is not built in',
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.deletePermission(deps, requireActor(request), request.body.id),
  );

  // API keys
  app.get(
    R.listApiTokens,
    {
      config: { permission: 'list-api-tokens' },
      schema: {
        tags: ['api-keys'],
        summary: 'List API keys (never their secrets)',
        querystring: listApiTokensQuerySchema,
        response: { 200: countedListSchema(apiTokenRecordSchema), ...errors },
      },
    },
    (request) => apiKeys.listApiKeys(deps, requireActor(request), request.query),
  );
  app.get(
    R.listApiTokenById,
    {
      config: { permission: 'list-api-tokens' },
      schema: {
        tags: ['api-keys'],
        summary: 'One API key (?id=)',
        querystring: idQuerySchema,
        response: { 200: apiTokenRecordSchema, ...errors },
      },
    },
    (request) => apiKeys.getApiKey(deps, requireActor(request), request.query.id),
  );
  app.post(
    R.createApiToken,
    {
      config: { permission: 'create-api-token' },
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; the answer holds the secret, shown this once',
        body: createApiTokenBodySchema,
        response: { 201: apiTokenSecretResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await apiKeys.createApiKey(deps, requireActor(request), request.body)),
  );
  app.post(
    R.updateApiToken,
    {
      config: { permission: 'update-api-token' },
      schema: {
        tags: ['api-keys'],
        summary: 'Rename an API key, change its scopes or expiry',
        body: updateApiTokenBodySchema,
        response: { 200: withData(apiTokenRecordSchema), ...errors },
      },
    },
    (request) => apiKeys.updateApiKey(deps, requireActor(request), request.body),
  );
  app.post(
    R.rotateApiToken,
    {
      config: { permission: 'update-api-token' },
      schema: {
        tags: ['api-keys'],
        summary: 'Make a new secret (shown this once); the old secret and its tokens stop working',
        body: idBodySchema,
        response: { 200: apiTokenSecretResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await apiKeys.rotateApiKey(deps, requireActor(request), request.body.id)),
  );
  app.post(
    R.revokeApiToken,
    {
      config: { permission: 'update-api-token' },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key: its tokens stop working at once',
        body: idBodySchema,
        response: { 200: withData(apiTokenRecordSchema), ...errors },
      },
    },
    (request) => apiKeys.revokeApiKey(deps, requireActor(request), request.body.id),
  );
  app.post(
    R.deleteApiToken,
    {
      config: { permission: 'delete-api-token' },
      schema: {
        tags: ['api-keys'],
        summary: 'Delete (and revoke) an API key',
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => apiKeys.deleteApiKey(deps, requireActor(request), request.body.id),
  );
  app.post(
    R.token,
    {
      config: { auth: 'none', oauthErrors: true },
      schema: {
        tags: ['api-keys'],
        summary: "OAuth 2 client credentials: an API key's client id and secret for an access token",
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: oauthErrorSchema, 401: oauthErrorSchema, 429: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const credentials = apiKeys.credentialsFrom(request.headers.authorization, request.body);
      reply.header('cache-control', 'no-store');
      try {
        return await apiKeys.exchangeClientCredentials(
          deps,
          { grantType: request.body.grant_type, scope: request.body.scope, ...credentials },
          request.ip,
        );
      } catch (error) {
        if (!(error instanceof apiKeys.OAuthError)) throw error;
        const code = ({ 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 429: 'TOO_MANY_REQUESTS' } as const)[error.status];
        return sendError(request, reply, error.status, { code, message: error.description }, error.error);
      }
    },
  );

  // The signed-in user's sessions (account security)
  app.get(
    R.listSessions,
    {
      schema: {
        tags: ['authentication'],
        summary: "The signed-in user's active sessions",
        response: { 200: countedListSchema(sessionRecordSchema), ...errors },
      },
    },
    (request) => authService.listSessions(deps, requireUserActor(request)),
  );
  app.post(
    R.signOutOtherSessions,
    {
      schema: {
        tags: ['authentication'],
        summary: 'Sign out every session of the user but this one',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => authService.signOutOtherSessions(deps, requireUserActor(request)),
  );
  app.post(
    R.signOutSession,
    {
      schema: {
        tags: ['authentication'],
        summary: "End one of the signed-in user's sessions at once (the current one too: a logout)",
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => authService.signOutSession(deps, requireUserActor(request), request.body.id),
  );
};
