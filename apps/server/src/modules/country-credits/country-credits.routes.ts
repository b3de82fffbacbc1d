import {
  errorResponseSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  CREDIT_PERMISSION,
  CREDIT_SETTINGS_READ_PERMISSIONS,
  casePriceInputSchema,
  casePriceSchema,
  countryCreditInputSchema,
  countryCreditListQuerySchema,
  countryCreditSchema,
  countryCreditUpdateSchema,
  creditSettingsSchema,
  creditSettingsUpdateSchema,
  PACKAGE_PERMISSION,
  PACKAGE_ROUTES,
} from '@cuspid/contracts/packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './country-credits.service';

const tags = ['country-credits'];
const permission = PACKAGE_PERMISSION;

export const countryCreditsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    PACKAGE_ROUTES.countryCredits,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List the tooth costs per country (paged; country filter)',
        querystring: countryCreditListQuerySchema,
        response: { 200: totalListSchema(countryCreditSchema), ...errorResponses },
      },
    },
    (request) => service.listCountryCredits(deps, request.query),
  );

  app.post(
    PACKAGE_ROUTES.countryCredits,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Set what an upper and a lower jaw tooth cost in a country (one row per country)',
        body: countryCreditInputSchema,
        response: { 201: countryCreditSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCountryCredit(deps, requireActor(request), request.body)),
  );

  app.get(
    PACKAGE_ROUTES.countryCredit(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The tooth costs of one country',
        params: idParamsSchema,
        response: { 200: countryCreditSchema, ...errorResponses },
      },
    },
    (request) => service.getCountryCredit(deps, request.params.id),
  );

  app.put(
    PACKAGE_ROUTES.countryCredit(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update the tooth costs of a country (only the fields named)',
        params: idParamsSchema,
        body: countryCreditUpdateSchema,
        response: { 200: countryCreditSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateCountryCredit(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    PACKAGE_ROUTES.countryCredit(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: "Delete a country's tooth costs (the default tooth costs apply there again)",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteCountryCredit(deps, requireActor(request), request.params.id),
  );

  app.get(
    PACKAGE_ROUTES.creditSettings,
    {
      config: { permission: CREDIT_SETTINGS_READ_PERMISSIONS },
      schema: {
        tags,
        summary: 'The credit settings: recalculation factor and the default tooth costs',
        response: { 200: creditSettingsSchema, ...errorResponses },
      },
    },
    () => service.getCreditSettings(deps),
  );

  app.put(
    PACKAGE_ROUTES.creditSettings,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Change the credit settings (only the fields named)',
        body: creditSettingsUpdateSchema,
        response: { 200: creditSettingsSchema, ...errorResponses },
      },
    },
    (request) => service.updateCreditSettings(deps, requireActor(request), request.body),
  );

  app.post(
    PACKAGE_ROUTES.casePrice,
    {
      config: { permission: CREDIT_PERMISSION },
      schema: {
        tags,
        summary: "What a case with these teeth costs a company (default: the caller's) in its country",
        body: casePriceInputSchema,
        response: { 200: casePriceSchema, ...errorResponses },
      },
    },
    (request) => service.quoteCasePrice(deps, requireActor(request), request.body),
  );
};
