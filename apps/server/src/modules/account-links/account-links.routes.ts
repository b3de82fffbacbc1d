import {
  AUTH_ROUTES,
  accountLinkInfoSchema,
  checkAccountLinkBodySchema,
  errorResponseSchema,
  errorResponsesFor,
  forgotPasswordBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  setPasswordWithLinkBodySchema,
} from '@cuspid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { clientOf } from '../sessions';
import * as links from './account-links.service';

const tags = ['authentication'];
const errors = errorResponsesFor(400, 401, 403, 419);

/** Mailed account links (ADR 0034): public, the link's secret is the proof. */
export const accountLinksRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
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
