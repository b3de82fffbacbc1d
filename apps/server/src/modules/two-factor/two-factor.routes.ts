import {
  AUTH_ROUTES,
  errorResponseSchema,
  errorResponsesFor,
  loginResponseSchema,
  messageResponseSchema,
} from '@cuspid/contracts';
import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUserActor } from '../../plugins/authenticate';
import { clientOf } from '../sessions';
import * as twoFactor from './two-factor.service';

const errors = errorResponsesFor(400, 401, 403, 419);

/** Two-factor sign-in (ADR 0033): the second sign-in step, and its setup by the signed-in user. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    AUTH_ROUTES.loginTwoFactor,
    {
      config: { auth: 'none' },
      schema: {
        tags: ['authentication'],
        summary: 'Second sign-in step: the challenge of POST /login and an app code or a recovery code',
        body: loginTwoFactorBodySchema,
        response: { 200: loginResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    (request) => twoFactor.loginTwoFactor(deps, request.body, clientOf(request)),
  );

  // The signed-in user's own setup. Secrets and codes travel with `no-store`.
  const tags = ['two-factor'];
  app.get(
    TWO_FACTOR_ROUTES.status,
    {
      config: { allowBeforeTwoFactorSetup: true },
      schema: {
        tags,
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
        tags,
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
        tags,
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
        tags,
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
        tags,
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
};
