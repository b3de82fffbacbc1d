import {
  apiTokenRecordSchema,
  apiTokenSecretResponseSchema,
  countedListSchema,
  createApiTokenBodySchema,
  errorResponsesFor,
  idBodySchema,
  idQuerySchema,
  listApiTokensQuerySchema,
  messageResponseSchema,
  oauthErrorSchema,
  IDENTITY_ROUTES as R,
  tokenRequestSchema,
  tokenResponseSchema,
  updateApiTokenBodySchema,
} from '@cuspid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import { sendError } from '../../plugins/error-handler';
import * as apiKeys from './api-keys.service';

const errors = errorResponsesFor(400, 401, 403, 404, 409, 419);
const withData = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });

/** API keys of machine clients (ADR 0032) and the OAuth 2 client-credentials token endpoint. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // OAuth 2 clients send the token request form-encoded (RFC 6749 section 4.4.2).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

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
};
