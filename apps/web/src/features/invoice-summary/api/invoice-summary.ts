import {
  INVOICE_EXPORT_ROUTES,
  type InvoicePlanGrouping,
  type InvoiceSummary,
  type InvoiceSummaryMail,
  type InvoiceSummaryMailResponse,
} from '@cuspid/contracts/invoices';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The period of a summary: a year, or one month (1 to 12) of it. */
export type SummaryPeriod = { year: number; month?: number | undefined };

export const invoiceSummaryKeys = {
  all: ['invoice-summary'] as const,
  summary: (period: SummaryPeriod) => [...invoiceSummaryKeys.all, period.year, period.month ?? null] as const,
};

const periodQuery = (period: SummaryPeriod) => ({ year: period.year, month: period.month });

export const invoiceSummaryQuery = (period: SummaryPeriod) =>
  queryOptions({
    queryKey: invoiceSummaryKeys.summary(period),
    queryFn: ({ signal }) =>
      api.get<InvoiceSummary>('api', INVOICE_EXPORT_ROUTES.summary, {
        signal,
        query: { ...periodQuery(period), format: 'json' },
      }),
    placeholderData: keepPreviousData,
  });
export const useInvoiceSummary = (period: SummaryPeriod) => useQuery(invoiceSummaryQuery(period));

async function download(path: string, query: Record<string, string | number | undefined>, fallbackName: string) {
  const file = await api.get<DownloadedFile>('api', path, { query, responseType: 'file' });
  saveFile(file, fallbackName);
}

/** The summary of the period as CSV (by month, by country and VAT treatment, in all). */
export const downloadSummaryCsv = (period: SummaryPeriod) =>
  download(
    INVOICE_EXPORT_ROUTES.summary,
    { ...periodQuery(period), format: 'csv' },
    `invoice-summary-${period.year}${period.month ? `-${String(period.month).padStart(2, '0')}` : ''}.csv`,
  );

/** The receivables plan as CSV: the open invoices, overdue first, then by week or month of their due date. */
export const downloadInvoicePlan = (group: InvoicePlanGrouping) =>
  download(INVOICE_EXPORT_ROUTES.plan, { group, format: 'csv' }, 'invoice-plan.csv');

/** The invoices issued since the caller's last export (each download moves that point on). */
export const downloadLatestInvoices = () => download(INVOICE_EXPORT_ROUTES.latestCsv, {}, 'invoices-latest.csv');

/** POST /invoices/send-summary-mail: queued, with the CSV attached. */
export const useSendSummaryMail = () =>
  useMutation({
    mutationFn: (body: InvoiceSummaryMail) =>
      api.post<InvoiceSummaryMailResponse>('api', INVOICE_EXPORT_ROUTES.summaryMail, body),
  });
