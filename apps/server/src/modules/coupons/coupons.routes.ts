import {
  errorResponseSchema,
  errorResponses,
  idParamsSchema,
  messageResponseSchema,
  totalListSchema,
} from '@cuspid/contracts';
import {
  COUPON_PERMISSION,
  COUPON_REDEEM_PERMISSION,
  COUPON_ROUTES,
  checkCouponResultSchema,
  checkCouponSchema,
  couponHistoryQuerySchema,
  couponInputSchema,
  couponListQuerySchema,
  couponRedemptionSchema,
  couponSchema,
  couponUpdateSchema,
  redeemCouponResultSchema,
  redeemCouponSchema,
} from '@cuspid/contracts/coupons';
import { CREDIT_ROUTES } from '@cuspid/contracts/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './coupons.service';

const tags = ['coupons'];
const permission = COUPON_PERMISSION;

export const couponsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    COUPON_ROUTES.couponCodes,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List coupon codes (paged; search by code or description, status and kind filters)',
        querystring: couponListQuerySchema,
        response: { 200: totalListSchema(couponSchema), ...errorResponses },
      },
    },
    (request) => service.listCoupons(deps, request.query),
  );

  app.post(
    COUPON_ROUTES.couponCodes,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a coupon code (credits, or a percent or fixed discount on a package purchase)',
        body: couponInputSchema,
        response: { 201: couponSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCoupon(deps, requireActor(request), request.body)),
  );

  app.get(
    COUPON_ROUTES.couponCode(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One coupon code',
        params: idParamsSchema,
        response: { 200: couponSchema, ...errorResponses },
      },
    },
    (request) => service.getCoupon(deps, request.params.id),
  );

  app.put(
    COUPON_ROUTES.couponCode(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a coupon code (a used one cannot drop its limits below what is used)',
        params: idParamsSchema,
        body: couponUpdateSchema,
        response: { 200: couponSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.updateCoupon(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    COUPON_ROUTES.couponCode(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a coupon code (its history and ledger entries keep referring to it)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteCoupon(deps, requireActor(request), request.params.id),
  );

  app.get(
    COUPON_ROUTES.couponHistory(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: "A coupon's redemptions, newest first (its 'used by')",
        params: idParamsSchema,
        querystring: couponHistoryQuerySchema,
        response: { 200: totalListSchema(couponRedemptionSchema), ...errorResponses },
      },
    },
    (request) => service.couponHistory(deps, request.params.id, request.query),
  );

  app.post(
    CREDIT_ROUTES.redeemCoupon,
    {
      config: { permission: COUPON_REDEEM_PERMISSION },
      schema: {
        tags,
        summary: "Redeem a credits coupon by its code (any case) for the caller's company or one within reach",
        body: redeemCouponSchema,
        response: { 200: redeemCouponResultSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.redeemCoupon(deps, requireActor(request), request.body),
  );

  app.post(
    COUPON_ROUTES.checkCoupon,
    {
      config: { permission: COUPON_REDEEM_PERMISSION },
      schema: {
        tags,
        summary:
          'What a coupon would give the company (with a package: the discount on its price), without redeeming it',
        body: checkCouponSchema,
        response: { 200: checkCouponResultSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.checkCoupon(deps, requireActor(request), request.body),
  );
};
