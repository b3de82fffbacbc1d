import {
  AUTH_ROUTES,
  changePasswordBodySchema,
  errorResponsesFor,
  messageResponseSchema,
  updateProfileBodySchema,
  userProfileSchema,
} from '@cuspid/contracts';
import { mailPreferencesSchema, updateMailPreferencesBodySchema } from '@cuspid/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUserActor } from '../../plugins/authenticate';
import * as service from './account.service';

const tags = ['authentication'];
const errors = errorResponsesFor(400, 401, 403, 419);

/** The signed-in user's own account: profile and password. */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    AUTH_ROUTES.profile,
    {
      config: { allowBeforeTwoFactorSetup: true },
      schema: { tags, summary: 'The signed-in user', response: { 200: userProfileSchema, ...errors } },
    },
    (request) => service.getProfile(deps, requireUserActor(request)),
  );

  app.post(
    AUTH_ROUTES.updateProfile,
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
    AUTH_ROUTES.changePassword,
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

  app.get(
    AUTH_ROUTES.mailPreferences,
    {
      schema: {
        tags,
        summary: 'Which case mails the signed-in user receives',
        response: { 200: mailPreferencesSchema, ...errors },
      },
    },
    (request) => service.getMailPreferences(deps, requireUserActor(request)),
  );

  app.put(
    AUTH_ROUTES.mailPreferences,
    {
      schema: {
        tags,
        summary: 'Turn case mails on or off for the signed-in user',
        body: updateMailPreferencesBodySchema,
        response: { 200: mailPreferencesSchema, ...errors },
      },
    },
    (request) => service.updateMailPreferences(deps, requireUserActor(request), request.body),
  );
};
