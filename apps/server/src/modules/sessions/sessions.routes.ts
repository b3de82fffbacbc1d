import {
  AUTH_ROUTES,
  countedListSchema,
  errorResponseSchema,
  errorResponsesFor,
  idBodySchema,
  jsonWebKeySetSchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  messageResponseSchema,
  IDENTITY_ROUTES as R,
  refreshBodySchema,
  sessionRecordSchema,
} from '@cuspid/contracts';
import { loginAnswerSchema } from '@cuspid/contracts/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { publicKeySet } from '../../lib/tokens';
import { requireUserActor } from '../../plugins/authenticate';
import { clientOf } from './client-info';
import * as service from './sessions.service';

const tags = ['authentication'];
const errors = errorResponsesFor(400, 401, 403, 419);

/** The answers of the session-list calls (as the other identity calls). */
const sessionErrors = errorResponsesFor(400, 401, 403, 404, 409, 419);

/** Sign-in, token refresh, sign-out, and the signed-in user's sessions (ADR 0006). */
export const sessionsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    AUTH_ROUTES.login,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Sign in with mail and password (with two-factor sign-in on: a challenge for the second step)',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, 429: errorResponseSchema, ...errors },
      },
    },
    (request) => service.login(deps, request.body, clientOf(request)),
  );

  app.post(
    AUTH_ROUTES.refreshToken,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (the old refresh token is spent)',
        body: refreshBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    (request) => service.refresh(deps, request.body.refresh_token),
  );

  app.post(
    AUTH_ROUTES.logout,
    {
      // The refresh token alone may name the session: a client whose access token expired still signs out.
      config: { auth: 'optional', allowBeforeTwoFactorSetup: true },
      schema: {
        tags,
        summary:
          'Sign out: end the session of the access token (or, without one, of the refresh token) at once; its tokens stop working',
        body: logoutBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.logout(deps, request.actor, request.body),
  );

  app.get(
    AUTH_ROUTES.jwks,
    {
      // Verifiers elsewhere read it to check tokens: public keys only (ADR 0114).
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'The public keys that verify access tokens (JWK Set): the current signing key and the retired ones',
        response: { 200: jsonWebKeySetSchema },
      },
    },
    () => publicKeySet(deps.keys),
  );

  // The signed-in user's sessions (account security)
  app.get(
    R.listSessions,
    {
      schema: {
        tags,
        summary: "The signed-in user's active sessions",
        response: { 200: countedListSchema(sessionRecordSchema), ...sessionErrors },
      },
    },
    (request) => service.listSessions(deps, requireUserActor(request)),
  );
  app.post(
    R.signOutOtherSessions,
    {
      schema: {
        tags,
        summary: 'Sign out every session of the user but this one',
        response: { 200: messageResponseSchema, ...sessionErrors },
      },
    },
    (request) => service.signOutOtherSessions(deps, requireUserActor(request)),
  );
  app.post(
    R.signOutSession,
    {
      schema: {
        tags,
        summary: "End one of the signed-in user's sessions at once (the current one too: a logout)",
        body: idBodySchema,
        response: { 200: messageResponseSchema, ...sessionErrors },
      },
    },
    (request) => service.signOutSession(deps, requireUserActor(request), request.body.id),
  );
};
