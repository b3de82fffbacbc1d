import { errorResponseSchema, errorResponses, idParamsSchema, totalListSchema } from '@cuspid/contracts';
import {
  balanceHistoryQuerySchema,
  balanceHistorySchema,
  bookingResultSchema,
  CREDIT_ROUTES,
  creditBalanceSchema,
  creditEntrySchema,
  creditHistoryQuerySchema,
  creditsQuerySchema,
  grantCreditsSchema,
} from '@cuspid/contracts/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './credits.service';

const tags = ['credits'];
const permission = 'backoffice-credit' as const;

export const creditsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    CREDIT_ROUTES.getCredits,
    {
      config: { permission },
      schema: {
        tags,
        summary: "A company's credit balance per type (default: the caller's company)",
        querystring: creditsQuerySchema,
        response: { 200: creditBalanceSchema, ...errorResponses },
      },
    },
    (request) => service.getCredits(deps, requireActor(request), request.query.company_id),
  );

  app.get(
    CREDIT_ROUTES.creditHistory(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: "A company's credit ledger, newest first (paged; filters: type, reason, dates, note)",
        params: idParamsSchema,
        querystring: creditHistoryQuerySchema,
        response: { 200: totalListSchema(creditEntrySchema), ...errorResponses },
      },
    },
    (request) => service.creditHistory(deps, requireActor(request), request.params.id, request.query),
  );

  app.get(
    CREDIT_ROUTES.balanceHistory(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: "A company's balance at the end of every day or month of a range (for a chart)",
        params: idParamsSchema,
        querystring: balanceHistoryQuerySchema,
        response: { 200: balanceHistorySchema, ...errorResponses },
      },
    },
    (request) => service.balanceHistory(deps, requireActor(request), request.params.id, request.query),
  );

  app.post(
    CREDIT_ROUTES.grantCredits,
    {
      config: { permission: 'backoffice-grant-credit' },
      schema: {
        tags,
        summary: 'Grant, correct or expire credits (back-office staff; a note is required; books a ledger entry)',
        body: grantCreditsSchema,
        response: { 200: bookingResultSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.grantCredits(deps, requireActor(request), request.body),
  );
};
