import { Readable } from 'node:stream';
import {
  errorResponseSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  COMPANY_ROUTES,
  companyCreateSchema,
  companyListQuerySchema,
  companyOwnersSchema,
  companySchema,
  companyUpdateSchema,
  partnerChildSchema,
  partnerCompaniesQuerySchema,
  partnerCompanySchema,
  resellerPartnerQuerySchema,
} from '@cuspid/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './companies.service';

const tags = ['companies'];
const permission = 'backoffice-company' as const;

export const companiesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    COMPANY_ROUTES.companies,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List the companies the caller may see (paged; search, country and partner filters)',
        querystring: companyListQuerySchema,
        response: { 200: totalListSchema(companySchema), ...errorResponses },
      },
    },
    (request) => service.listCompanies(deps, requireActor(request), request.query),
  );

  app.get(
    COMPANY_ROUTES.companiesCsv,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Every company of the list (same search, filters and sorting) as CSV, streamed',
        querystring: companyListQuerySchema.omit({ page: true, per_page: true }),
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const stream = Readable.from(service.exportCompaniesCsv(deps, requireActor(request), request.query));
      // A stream is sent as it is; the error schemas above still describe the refusals.
      await reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="companies.csv"')
        .send(stream as never);
    },
  );

  app.post(
    COMPANY_ROUTES.companies,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a company',
        body: companyCreateSchema,
        response: { 201: companySchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCompany(deps, requireActor(request), request.body)),
  );

  app.get(
    COMPANY_ROUTES.company(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One company',
        params: idParamsSchema,
        response: { 200: companySchema, ...errorResponses },
      },
    },
    (request) => service.getCompany(deps, requireActor(request), request.params.id),
  );

  app.put(
    COMPANY_ROUTES.company(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a company (bank_accounts, when given, replaces the list)',
        params: idParamsSchema,
        body: companyUpdateSchema,
        response: { 200: companySchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateCompany(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    COMPANY_ROUTES.company(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a company',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteCompany(deps, requireActor(request), request.params.id),
  );

  app.get(
    COMPANY_ROUTES.myCompany,
    {
      schema: { tags, summary: "The signed-in user's company", response: { 200: companySchema, ...errorResponses } },
    },
    (request) => service.getOwnCompany(deps, requireActor(request)),
  );

  app.get(
    COMPANY_ROUTES.resellerPartners,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Companies that can be chosen as reseller, sales partner or service partner',
        querystring: resellerPartnerQuerySchema,
        response: { 200: totalListSchema(partnerCompanySchema), ...errorResponses },
      },
    },
    (request) => service.listPartners(deps, requireActor(request), request.query),
  );

  app.get(
    COMPANY_ROUTES.partnerCompanies,
    {
      config: { permission },
      schema: {
        tags,
        summary: "The companies directly below a partner (default: the caller's company)",
        querystring: partnerCompaniesQuerySchema,
        response: { 200: totalListSchema(partnerChildSchema), ...errorResponses },
      },
    },
    (request) => service.listPartnerChildren(deps, requireActor(request), request.query),
  );

  app.post(
    COMPANY_ROUTES.saveOwners,
    {
      config: { permission },
      schema: {
        tags,
        summary: "Set a company's reseller, sales partner and service partner",
        body: companyOwnersSchema,
        response: { 200: companySchema, ...errorResponses },
      },
    },
    (request) => service.saveCompanyOwners(deps, requireActor(request), request.body),
  );
};
