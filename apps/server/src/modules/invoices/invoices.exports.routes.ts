import { Readable } from 'node:stream';
import { errorResponses } from '@cuspid/contracts';
import {
  INVOICE_EXPORT_ROUTES,
  INVOICE_PERMISSION,
  invoicePlanQuerySchema,
  invoicePlanSchema,
  invoiceSummaryMailResponseSchema,
  invoiceSummaryMailSchema,
  invoiceSummaryQuerySchema,
  invoiceSummarySchema,
} from '@cuspid/contracts/invoices';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import * as service from './invoices.exports.service';

const tags = ['invoices'];
const permission = INVOICE_PERMISSION;

/** Sends a CSV file (a string, or a stream of its lines) as a download. */
function sendCsv(reply: FastifyReply, fileName: string, csv: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv as never);
}

/** The invoice exports of ADR 0107: invoices since the last export, the receivables plan, the summary. */
export const invoiceExportsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    INVOICE_EXPORT_ROUTES.latestCsv,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'The invoices and credit notes issued since the caller’s last export through this call, as the invoice CSV, in number order, streamed (each export is recorded)',
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const lines = await service.latestInvoicesCsv(deps, requireActor(request));
      // A stream is sent as it is; the error schemas above still describe the refusals.
      await sendCsv(reply, 'invoices-latest.csv', Readable.from(lines));
    },
  );

  app.get(
    INVOICE_EXPORT_ROUTES.plan,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'The receivables plan: open invoices overdue, then by week or month of their due date, with sums (CSV of every invoice, streamed; format=json: the sums)',
        querystring: invoicePlanQuerySchema,
        response: { 200: invoicePlanSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (request.query.format === 'json') return service.invoicePlan(deps, actor, request.query);
      await sendCsv(reply, 'invoice-plan.csv', Readable.from(service.invoicePlanCsv(deps, actor, request.query)));
    },
  );

  app.get(
    INVOICE_EXPORT_ROUTES.summary,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Issued invoices of a year or month, credit notes netted: by month, by buyer country and VAT treatment, and in all (CSV, or format=json)',
        querystring: invoiceSummaryQuerySchema,
        response: { 200: invoiceSummarySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const summary = await service.invoiceSummary(deps, requireActor(request), request.query);
      if (request.query.format === 'json') return summary;
      await sendCsv(reply, `invoice-summary-${service.summaryPeriod(request.query)}.csv`, service.summaryCsv(summary));
    },
  );

  app.post(
    INVOICE_EXPORT_ROUTES.summaryMail,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Mail the summary of a year or month (the CSV attached) to the addresses given, or to the caller; queued for delivery',
        body: invoiceSummaryMailSchema,
        response: { 202: invoiceSummaryMailResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.sendSummaryMail(deps, requireActor(request), request.body)),
  );
};
