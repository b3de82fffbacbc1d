import { errorResponses } from '@cuspid/contracts';
import {
  PAYMENT_ROUTES,
  PURCHASE_PERMISSION,
  purchaseInputSchema,
  purchaseQuoteInputSchema,
  purchaseQuoteSchema,
  purchaseResultSchema,
} from '@cuspid/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './purchases.service';

const tags = ['purchases'];
const permission = PURCHASE_PERMISSION;

export const purchasesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    PAYMENT_ROUTES.quote,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "What a package costs the caller's company (its country's price, a coupon's discount, VAT), before buying",
        body: purchaseQuoteInputSchema,
        response: { 200: purchaseQuoteSchema, ...errorResponses },
      },
    },
    (request) => service.quotePurchase(deps, requireActor(request), request.body),
  );

  app.post(
    PAYMENT_ROUTES.purchase,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Buy a package: issues its invoice (with a coupon, if given) and answers how to pay it; paying adds the credits once',
        body: purchaseInputSchema,
        response: { 201: purchaseResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.purchase(deps, requireActor(request), request.body)),
  );
};
