import {
  errorResponseSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  availablePackagesQuerySchema,
  availablePackagesSchema,
  CREDIT_PERMISSION,
  countryPackageInputSchema,
  countryPackageListQuerySchema,
  countryPackageSchema,
  countryPackageUpdateSchema,
  PACKAGE_PERMISSION,
  PACKAGE_ROUTES,
  packageInputSchema,
  packageListQuerySchema,
  packageSchema,
  packageUpdateSchema,
} from '@cuspid/contracts/packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './packages.service';

const tags = ['packages'];
const permission = PACKAGE_PERMISSION;

export const packagesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    PACKAGE_ROUTES.packages,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List credit packages (paged; search by name, active and credit type filters)',
        querystring: packageListQuerySchema,
        response: { 200: totalListSchema(packageSchema), ...errorResponses },
      },
    },
    (request) => service.listPackages(deps, request.query),
  );

  app.post(
    PACKAGE_ROUTES.packages,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a credit package',
        body: packageInputSchema,
        response: { 201: packageSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPackage(deps, requireActor(request), request.body)),
  );

  app.get(
    PACKAGE_ROUTES.package(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One credit package',
        params: idParamsSchema,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    (request) => service.getPackage(deps, request.params.id),
  );

  app.put(
    PACKAGE_ROUTES.package(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a credit package (only the fields named)',
        params: idParamsSchema,
        body: packageUpdateSchema,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    (request) => service.updatePackage(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    PACKAGE_ROUTES.package(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a credit package (marked deleted: ledger entries and invoices keep referring to it)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deletePackage(deps, requireActor(request), request.params.id),
  );

  app.get(
    PACKAGE_ROUTES.countryPackages,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List country packages (paged; package and country filters)',
        querystring: countryPackageListQuerySchema,
        response: { 200: totalListSchema(countryPackageSchema), ...errorResponses },
      },
    },
    (request) => service.listCountryPackages(deps, request.query),
  );

  app.post(
    PACKAGE_ROUTES.countryPackages,
    {
      config: { permission },
      schema: {
        tags,
        summary: "Set a package's price and availability in a country (one per package and country)",
        body: countryPackageInputSchema,
        response: { 201: countryPackageSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCountryPackage(deps, requireActor(request), request.body)),
  );

  app.get(
    PACKAGE_ROUTES.countryPackage(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One country package',
        params: idParamsSchema,
        response: { 200: countryPackageSchema, ...errorResponses },
      },
    },
    (request) => service.getCountryPackage(deps, request.params.id),
  );

  app.put(
    PACKAGE_ROUTES.countryPackage(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a country package (only the fields named)',
        params: idParamsSchema,
        body: countryPackageUpdateSchema,
        response: { 200: countryPackageSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateCountryPackage(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    PACKAGE_ROUTES.countryPackage(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a country package (the package costs its own price there again)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteCountryPackage(deps, requireActor(request), request.params.id),
  );

  app.get(
    PACKAGE_ROUTES.availablePackages,
    {
      config: { permission: CREDIT_PERMISSION },
      schema: {
        tags,
        summary: "The packages a company (default: the caller's) can buy in its country, with its prices",
        querystring: availablePackagesQuerySchema,
        response: { 200: availablePackagesSchema, ...errorResponses },
      },
    },
    (request) => service.listAvailablePackages(deps, requireActor(request), request.query.company_id),
  );
};
