import { errorResponseSchema, errorResponsesFor, messageResponseSchema } from '@cuspid/contracts';
import {
  COMPANY_ROUTES,
  captchaSchema,
  checkVatIdSchema,
  registerCompanyResponseSchema,
  registerCompanySchema,
  registrationConfigurationResponseSchema,
  registrationConfigurationSchema,
  registrationOptionsSchema,
  sendRegisterMailSchema,
  vatCheckResultSchema,
} from '@cuspid/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './registration.service';
import { createViesClient } from './vies';

const tags = ['registration'];
const errors = errorResponsesFor(400, 401, 403, 419);
const permission = 'backoffice-global-configuration' as const;

export const registrationRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // One VIES client (and answer cache) per mounted API; none when VIES_URL is unset (ADR 0055).
  const vies = deps.config.vies ? createViesClient(deps.config.vies, deps.logger) : undefined;

  app.get(
    COMPANY_ROUTES.captcha,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'A new image captcha (single use, expires after ten minutes)',
        response: { 200: captchaSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.createCaptcha(deps, request.ip);
    },
  );

  app.post(
    COMPANY_ROUTES.checkVatId,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary:
          'Check a VAT id: format and checksum offline, then with VIES when configured; checkedOnline tells whether VIES answered (then name and address as VIES gives them)',
        body: checkVatIdSchema,
        response: { 200: vatCheckResultSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => service.checkVatId(deps, vies, request.ip, request.body.vat_id, request.body.country),
  );

  app.get(
    COMPANY_ROUTES.registrationOptions,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'What the registration form needs: captcha on or off, allowed and VAT-required countries',
        response: {
          200: registrationOptionsSchema,
        },
      },
    },
    () => service.getRegistrationOptions(deps),
  );

  app.post(
    COMPANY_ROUTES.registerCompany,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Register a company and its first user',
        body: registerCompanySchema,
        response: {
          201: registerCompanyResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.registerCompany(deps, vies, request.body, request.ip)),
  );

  app.get(
    COMPANY_ROUTES.registrationConfiguration,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The registration configuration',
        response: { 200: registrationConfigurationResponseSchema, ...errors },
      },
    },
    () => service.getConfiguration(deps),
  );

  app.post(
    COMPANY_ROUTES.saveRegistrationConfiguration,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Save the registration configuration',
        body: registrationConfigurationSchema,
        response: { 200: registrationConfigurationResponseSchema, ...errors },
      },
    },
    (request) => service.saveConfiguration(deps, requireActor(request), request.body),
  );

  app.post(
    COMPANY_ROUTES.sendRegisterMail,
    {
      config: { permission: 'backoffice-company' },
      schema: {
        tags,
        summary: "(Re)send the registration welcome mail to a user of a company in the caller's scope",
        body: sendRegisterMailSchema,
        response: { 200: messageResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    (request) => service.sendRegisterMail(deps, requireActor(request), request.body),
  );
};
