import { errorResponseSchema, errorResponses, idParamsSchema } from '@cuspid/contracts';
import {
  BANK_IMPORT_PERMISSION,
  BANK_STATEMENT_MAX_BYTES,
  bankImportResultSchema,
  checkoutResultSchema,
  PAYMENT_HISTORY_PERMISSION,
  PAYMENT_ROUTES,
  PURCHASE_PERMISSION,
  paymentHistoryPdfQuerySchema,
  paymentHistoryQuerySchema,
  paymentHistorySchema,
} from '@cuspid/contracts/payments';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { readMultipartForm } from '../../lib/multipart-form';
import { requireActor } from '../../plugins/authenticate';
import * as service from './payments.service';

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(multipart, {
    limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 },
  });

  app.get(
    PAYMENT_ROUTES.history,
    {
      config: { permission: PAYMENT_HISTORY_PERMISSION },
      schema: {
        tags,
        summary:
          'Payments, newest first (paged; filters: status, method, company, invoice, dates; search: invoice number, company, reference)',
        querystring: paymentHistoryQuerySchema,
        response: { 200: paymentHistorySchema, ...errorResponses },
      },
    },
    (request) => service.listPaymentHistory(deps, requireActor(request), request.query),
  );

  app.get(
    PAYMENT_ROUTES.historyPdf,
    {
      config: { permission: PAYMENT_HISTORY_PERMISSION },
      schema: {
        tags,
        summary: 'The payment history of the same filters as a PDF',
        querystring: paymentHistoryPdfQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const pdf = await service.paymentHistoryPdf(deps, requireActor(request), request.query);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="payment-history-${new Date().toISOString().slice(0, 10)}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    PAYMENT_ROUTES.checkout(':id'),
    {
      config: { permission: PURCHASE_PERMISSION },
      schema: {
        tags,
        summary: "Open a card checkout (Stripe) for what is outstanding of an issued invoice of the caller's company",
        params: idParamsSchema,
        response: { 200: checkoutResultSchema, ...errorResponses },
      },
    },
    (request) => service.startCheckout(deps, requireActor(request), request.params.id),
  );

  app.post(
    PAYMENT_ROUTES.bankImport,
    {
      config: { permission: BANK_IMPORT_PERMISSION },
      schema: {
        tags,
        summary:
          'Import a bank statement (multipart: file, CSV): each line naming an issued invoice number records its payment (back office only)',
        consumes: ['multipart/form-data'],
        response: { 200: bankImportResultSchema, 413: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const form = await readMultipartForm(request, z.object({}));
      return service.importBankStatement(deps, actor, form.file.content);
    },
  );

  // Stripe's deliveries: the signature covers the exact bytes, so this route reads its body as a Buffer.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    webhook.post(
      PAYMENT_ROUTES.stripeWebhook,
      {
        config: { auth: 'none' },
        schema: {
          tags,
          summary: "Stripe's webhook: signed payment events (Stripe-Signature); each event is handled once",
          response: { 200: z.object({ received: z.literal(true), handled: z.string() }), ...errorResponses },
        },
      },
      (request) =>
        service.handleStripeWebhook(
          deps,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers['stripe-signature'] as string | undefined,
        ),
    );
  });
};
