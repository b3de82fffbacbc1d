import {
  AUTH_ROUTES,
  accountLinkInfoSchema,
  changePasswordBodySchema,
  checkAccountLinkBodySchema,
  countedListSchema,
  createUserBodySchema,
  createUserResponseSchema,
  errorResponseSchema,
  forgotPasswordBodySchema,
  listPermissionsQuerySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  messageResponseSchema,
  permissionRecordSchema,
  refreshBodySchema,
  setPasswordWithLinkBodySchema,
  updateProfileBodySchema,
  userProfileSchema,
} from '@cuspid/contracts';
import {
  loginAnswerSchema,
  loginTwoFactorBodySchema,
  RECOVERY_CODE_COUNT,
  recoveryCodesResponseSchema,
  TWO_FACTOR_ROUTES,
  twoFactorConfirmBodySchema,
  twoFactorEnableBodySchema,
  twoFactorSetupBodySchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@cuspid/contracts/two-factor';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { assertPermission, requireUserActor } from '../../plugins/authenticate';
import * as links from './account-links.service';
import * as service from './auth.service';
import * as twoFactor from './two-factor.service';

const tags = ['authentication'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  419: errorResponseSchema,
};
const clientOf = (request: FastifyRequest): service.ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/login',
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
    '/login/two-factor',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Second sign-in step: the challenge of POST /login and an app code or a recovery code',
        body: loginTwoFactorBodySchema,
        response: { 200: loginResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    (request) => service.loginTwoFactor(deps, request.body, clientOf(request)),
  );

  app.post(
    '/refresh-token',
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

  app.post(
    '/create-user',
    {
      // Without a session this is self-registration; with one (a user or an API key) it needs `create-user`.
      config: { auth: 'optional', permission: 'create-user' },
      schema: {
        tags,
        summary: 'Register (no session) or create a user (create-user)',
        body: createUserBodySchema,
        response: { 201: createUserResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
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
    '/list-permissions',
    {
      // Every signed-in user loads the permission list once to name what they hold (spec section 4).
      schema: {
        tags,
        summary: 'List permissions (paged with limit_start and limit_count)',
        querystring: listPermissionsQuerySchema,
        response: { 200: countedListSchema(permissionRecordSchema), ...errors },
      },
    },
    (request) => service.listPermissions(deps, request.query),
  );

  app.get(
    '/profile',
    {
      config: { allowBeforeTwoFactorSetup: true },
      schema: { tags, summary: 'The signed-in user', response: { 200: userProfileSchema, ...errors } },
    },
    (request) => service.getProfile(deps, requireUserActor(request)),
  );

  app.post(
    '/update-profile',
    {
      schema: {
        tags,
        summary: 'Update the signed-in user',
        body: updateProfileBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    (request) => service.updateProfile(deps, requireUserActor(request), request.body),
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.changePassword(deps, requireUserActor(request), request.body),
  );

  // Two-factor sign-in of the signed-in user (ADR 0033). Secrets and codes travel with `no-store`.
  const twoFactorTags = ['two-factor'];
  app.get(
    TWO_FACTOR_ROUTES.status,
    {
      config: { allowBeforeTwoFactorSetup: true },
      schema: {
        tags: twoFactorTags,
        summary: 'Whether two-factor sign-in is on, required by a role, and how many recovery codes are left',
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    (request) => twoFactor.getStatus(deps, requireUserActor(request)),
  );
  app.post(
    TWO_FACTOR_ROUTES.setup,
    {
      config: { allowBeforeTwoFactorSetup: true },
      schema: {
        tags: twoFactorTags,
        summary: 'Start the setup (password again): a new secret as QR code, URI and text, shown this once',
        body: twoFactorSetupBodySchema,
        response: { 200: twoFactorSetupResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await twoFactor.startSetup(deps, requireUserActor(request), request.body)),
  );
  app.post(
    TWO_FACTOR_ROUTES.enable,
    {
      config: { allowBeforeTwoFactorSetup: true },
      schema: {
        tags: twoFactorTags,
        summary: `Confirm the setup with a first code: two-factor sign-in is on; ${RECOVERY_CODE_COUNT} recovery codes, shown this once`,
        body: twoFactorEnableBodySchema,
        response: { 200: recoveryCodesResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await twoFactor.enable(deps, requireUserActor(request), request.body)),
  );
  app.post(
    TWO_FACTOR_ROUTES.disable,
    {
      schema: {
        tags: twoFactorTags,
        summary: 'Turn two-factor sign-in off (the password or a code)',
        body: twoFactorConfirmBodySchema,
        response: { 200: messageResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    (request) => twoFactor.disable(deps, requireUserActor(request), request.body),
  );
  app.post(
    TWO_FACTOR_ROUTES.regenerateRecoveryCodes,
    {
      schema: {
        tags: twoFactorTags,
        summary: 'New recovery codes, shown this once; the old ones stop working (the password or a code)',
        body: twoFactorConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await twoFactor.regenerateRecoveryCodes(deps, requireUserActor(request), request.body)),
  );

  // Mailed account links (ADR 0034): public, the link's secret is the proof.
  app.post(
    AUTH_ROUTES.checkAccountLink,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Check an invitation or password-reset link before the password is chosen',
        body: checkAccountLinkBodySchema,
        response: { 200: accountLinkInfoSchema, ...errors },
      },
    },
    (request) => links.checkAccountLink(deps, request.body),
  );

  app.post(
    AUTH_ROUTES.acceptInvitation,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Accept an invitation: set the password and sign in',
        body: setPasswordWithLinkBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    (request) => links.acceptInvitation(deps, request.body, clientOf(request)),
  );

  app.post(
    AUTH_ROUTES.forgotPassword,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Ask for a password-reset mail (the same answer for every mail address)',
        body: forgotPasswordBodySchema,
        response: { 202: messageResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await links.forgotPassword(deps, request.body, clientOf(request))),
  );

  app.post(
    AUTH_ROUTES.resetPassword,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Choose a new password with a reset link; every session of the user ends',
        body: setPasswordWithLinkBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => links.resetPassword(deps, request.body),
  );
};
