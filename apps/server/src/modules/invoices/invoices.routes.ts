import { Readable } from 'node:stream';
import { errorResponses, idParamsSchema, messageResponseSchema, totalListSchema } from '@cuspid/contracts';
import {
  INVOICE_PERMISSION,
  INVOICE_READ_PERMISSIONS,
  INVOICE_ROUTES,
  invoiceCsvQuerySchema,
  invoiceDunningSchema,
  invoiceInputSchema,
  invoiceListItemSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceStatusChangeSchema,
  invoiceStatusUpdateSchema,
  invoiceUpdateSchema,
} from '@cuspid/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import { exportInvoicesCsv } from './invoices.csv';
import { invoiceExportsRoutes } from './invoices.exports.routes';
import * as service from './invoices.service';

const tags = ['invoices'];
const permission = INVOICE_PERMISSION;
/** Reading: the back office's permission, or the payment history's for a company's own issued invoices (ADR 0118). */
const readPermission = INVOICE_READ_PERMISSIONS;

export const invoicesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(invoiceExportsRoutes, { deps });

  app.get(
    INVOICE_ROUTES.invoices,
    {
      config: { permission: readPermission },
      schema: {
        tags,
        summary:
          'Invoices and credit notes, newest first (paged; filters: status, type, company, dates; search: number, company)',
        querystring: invoiceListQuerySchema,
        response: { 200: totalListSchema(invoiceListItemSchema), ...errorResponses },
      },
    },
    (request) => service.listInvoices(deps, requireActor(request), request.query),
  );

  app.post(
    INVOICE_ROUTES.invoices,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a draft invoice for a company (amounts computed from its lines; back office only)',
        body: invoiceInputSchema,
        response: { 201: invoiceSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createInvoice(deps, requireActor(request), request.body)),
  );

  app.get(
    INVOICE_ROUTES.invoice(':id'),
    {
      config: { permission: readPermission },
      schema: {
        tags,
        summary: 'One invoice with its lines, tax per rate and billing address',
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses },
      },
    },
    (request) => service.getInvoice(deps, requireActor(request), request.params.id),
  );

  app.put(
    INVOICE_ROUTES.invoice(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Change a draft (only the fields named; lines replace all lines); an issued invoice is never edited',
        params: idParamsSchema,
        body: invoiceUpdateSchema,
        response: { 200: invoiceSchema, ...errorResponses },
      },
    },
    (request) => service.updateInvoice(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    INVOICE_ROUTES.invoice(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a draft (an issued invoice is cancelled with a credit note instead)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteInvoice(deps, requireActor(request), request.params.id),
  );

  app.patch(
    INVOICE_ROUTES.updateStatus(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Move an invoice: draft → open issues and mails it (next number of the year; the answer says where the mail went), open → paid, open or paid → cancelled (issues a credit note)',
        params: idParamsSchema,
        body: invoiceStatusUpdateSchema,
        response: { 200: invoiceStatusChangeSchema, ...errorResponses },
      },
    },
    (request) => service.changeInvoiceStatus(deps, requireActor(request), request.params.id, request.body.status),
  );

  app.patch(
    INVOICE_ROUTES.dunning(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Pause or resume the reminders of an issued, unpaid invoice (back office only)',
        params: idParamsSchema,
        body: invoiceDunningSchema,
        response: { 200: invoiceSchema, ...errorResponses },
      },
    },
    (request) => service.setDunningPaused(deps, requireActor(request), request.params.id, request.body.paused),
  );

  app.get(
    INVOICE_ROUTES.pdf(':id'),
    {
      config: { permission: readPermission },
      schema: {
        tags,
        summary: 'The invoice as a PDF (seller, billing address, lines, tax per rate, totals, payment instructions)',
        params: idParamsSchema,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.invoicePdf(deps, requireActor(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.get(
    INVOICE_ROUTES.csv,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Every invoice of the list (same filters and search), oldest first, as CSV, streamed',
        querystring: invoiceCsvQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const stream = Readable.from(exportInvoicesCsv(deps, requireActor(request), request.query));
      // A stream is sent as it is; the error schemas above still describe the refusals.
      await reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoices.csv"')
        .send(stream as never);
    },
  );
};
