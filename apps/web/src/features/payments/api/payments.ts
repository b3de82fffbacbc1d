import { type AvailablePackages, PACKAGE_ROUTES } from '@cuspid/contracts/packages';
import {
  type BankImportResult,
  PAYMENT_ROUTES,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
  type PurchaseInput,
  type PurchaseQuote,
  type PurchaseQuoteInput,
  type PurchaseResult,
} from '@cuspid/contracts/payments';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';

export type PaymentHistoryParams = {
  page: number;
  size: number;
  search: string;
  status: PaymentStatus | '';
  provider: PaymentProvider | '';
  invoiceId: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  sortBy: string | undefined;
  sortDir: 'asc' | 'desc';
};

/** Every payments query starts with ['payments']: a purchase or an import invalidates them all. */
export const paymentKeys = {
  all: ['payments'] as const,
  history: (params: PaymentHistoryParams) => [...paymentKeys.all, 'history', params] as const,
  packages: () => [...paymentKeys.all, 'packages'] as const,
  quote: (input: PurchaseQuoteInput) => [...paymentKeys.all, 'quote', input] as const,
};

/** The history's filters as the server reads them (the list and its PDF share them). */
function historyFilters(params: Omit<PaymentHistoryParams, 'page' | 'size'>) {
  return {
    search: params.search.trim() || undefined,
    status: params.status || undefined,
    provider: params.provider || undefined,
    invoice_id: params.invoiceId || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    sort_by: params.sortBy === 'amount' ? 'amount' : 'created_at',
    sort_dir: params.sortDir,
  };
}

export const paymentHistoryQuery = (params: PaymentHistoryParams) =>
  queryOptions({
    queryKey: paymentKeys.history(params),
    queryFn: ({ signal }) =>
      api.get<{ data: Payment[]; total: number }>('api', PAYMENT_ROUTES.history, {
        signal,
        query: { page: params.page, per_page: params.size, ...historyFilters(params) },
      }),
    placeholderData: keepPreviousData,
  });
export const usePaymentHistory = (params: PaymentHistoryParams) => useQuery(paymentHistoryQuery(params));

export const downloadPaymentHistoryPdf = (params: Omit<PaymentHistoryParams, 'page' | 'size'>) =>
  api.get<DownloadedFile>('api', PAYMENT_ROUTES.historyPdf, { query: historyFilters(params), responseType: 'file' });

export function useBankImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<BankImportResult>('api', PAYMENT_ROUTES.bankImport, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** The packages the caller's company can buy, at its country's prices. */
export const useAvailablePackages = () =>
  useQuery({
    queryKey: paymentKeys.packages(),
    queryFn: ({ signal }) => api.get<AvailablePackages>('api', PACKAGE_ROUTES.availablePackages, { signal }),
  });

/** What the chosen package costs with the coupon (checked, not used); only once a package is chosen. */
export const usePurchaseQuote = (input: PurchaseQuoteInput | null) =>
  useQuery({
    queryKey: paymentKeys.quote(input ?? { package_id: '' }),
    queryFn: ({ signal }) => api.post<PurchaseQuote>('api', PAYMENT_ROUTES.quote, input, { signal }),
    enabled: input !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });

export function usePurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseInput) => api.post<PurchaseResult>('api', PAYMENT_ROUTES.purchase, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: paymentKeys.all });
      void client.invalidateQueries({ queryKey: ['credits'] });
      void client.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}

export const useCheckout = () =>
  useMutation({
    mutationFn: (invoiceId: string) =>
      api.post<{ checkout_url: string }>('api', PAYMENT_ROUTES.checkout(invoiceId), {}),
  });
