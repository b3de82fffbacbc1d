import { COMPANY_ROUTES, type Company } from '@cuspid/contracts/companies';
import {
  INVOICE_ROUTES,
  type Invoice,
  type InvoiceInput,
  type InvoiceStatus,
  type InvoiceStatusChange,
  type InvoiceType,
  type InvoiceUpdate,
  type invoiceListItemSchema,
} from '@cuspid/contracts/invoices';
import { type CheckoutResult, PAYMENT_ROUTES } from '@cuspid/contracts/payments';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';
import { saveFile } from '../../../lib/save-file';

/** The list's filters and search, as the URL holds them ('' when not set); the CSV export takes the same. */
export type InvoiceFilters = {
  search: string;
  status: InvoiceStatus | '';
  type: InvoiceType | '';
  /** Issued on or after / on or before this day (YYYY-MM-DD). */
  from: string;
  to: string;
};
export type InvoicePageParams = InvoiceFilters & {
  page: number;
  size: number;
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc';
};
export type InvoiceList = TotalList<typeof invoiceListItemSchema>;

export const invoiceKeys = {
  all: ['invoices'] as const,
  page: (params: InvoicePageParams) => [...invoiceKeys.all, 'page', params] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  pdf: (id: string, version: string) => [...invoiceKeys.all, 'pdf', id, version] as const,
  companies: (search: string) => [...invoiceKeys.all, 'companies', search] as const,
};

function filterQuery(filters: InvoiceFilters) {
  return {
    search: filters.search.trim() || undefined,
    status: filters.status || undefined,
    type: filters.type || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export function listInvoices(params: InvoicePageParams, signal?: AbortSignal): Promise<InvoiceList> {
  return api.get<InvoiceList>('api', INVOICE_ROUTES.invoices, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      ...filterQuery(params),
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const invoicePageQuery = (params: InvoicePageParams) =>
  queryOptions({
    queryKey: invoiceKeys.page(params),
    queryFn: ({ signal }) => listInvoices(params, signal),
    placeholderData: keepPreviousData,
  });
export const useInvoicePage = (params: InvoicePageParams) => useQuery(invoicePageQuery(params));

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get<Invoice>('api', INVOICE_ROUTES.invoice(id), { signal }),
  });
export const useInvoice = (id: string) => useQuery(invoiceQuery(id));

/** Every invoice of the list's filters and search as CSV (the call needs the session, so a link cannot load it). */
export async function downloadInvoicesCsv(filters: InvoiceFilters): Promise<void> {
  const file = await api.get<DownloadedFile>('api', INVOICE_ROUTES.csv, {
    query: filterQuery(filters),
    responseType: 'file',
  });
  saveFile(file, 'invoices.csv');
}

/** The invoice's PDF, keyed by its last change: a PDF is fetched again after every change of the invoice. */
export const invoicePdfQuery = (invoice: Pick<Invoice, 'id' | 'updated_at'>) =>
  queryOptions({
    queryKey: invoiceKeys.pdf(invoice.id, invoice.updated_at),
    queryFn: ({ signal }) =>
      api.get<DownloadedFile>('api', INVOICE_ROUTES.pdf(invoice.id), { signal, responseType: 'file' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useInvoicePdf = (invoice: Pick<Invoice, 'id' | 'updated_at'>) => useQuery(invoicePdfQuery(invoice));

export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: InvoiceInput | InvoiceUpdate }) =>
      id
        ? api.put<Invoice>('api', INVOICE_ROUTES.invoice(id), body)
        : api.post<Invoice>('api', INVOICE_ROUTES.invoices, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', INVOICE_ROUTES.invoice(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** PATCH /update-invoice-status: issue a draft, mark an invoice paid, or cancel it (which issues a credit note). */
export function useChangeInvoiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InvoiceStatus }) =>
      api.patch<InvoiceStatusChange>('api', INVOICE_ROUTES.updateStatus(id), { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export function useSetDunningPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      api.patch<Invoice>('api', INVOICE_ROUTES.dunning(id), { paused }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** The first companies whose name matches, for the invoice form's company choice. */
export const useCompanyChoices = (search: string) =>
  useQuery({
    queryKey: invoiceKeys.companies(search),
    queryFn: ({ signal }) =>
      api.get<{ data: Company[]; total: number }>('api', COMPANY_ROUTES.companies, {
        signal,
        query: { per_page: 20, search: search.trim() || undefined },
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** POST /invoices/{id}/checkout: the card checkout of an open invoice of the caller's company (ADR 0106, 0118). */
export const useInvoiceCardCheckout = () =>
  useMutation({
    mutationFn: (invoiceId: string) => api.post<CheckoutResult>('api', PAYMENT_ROUTES.checkout(invoiceId), {}),
  });
