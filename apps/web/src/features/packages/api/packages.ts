import type { totalListSchema } from '@cuspid/contracts';
import {
  type CasePrice,
  type CasePriceInput,
  type CountryCredit,
  type CountryCreditInput,
  type CountryCreditUpdate,
  type CountryPackage,
  type CountryPackageInput,
  type CountryPackageUpdate,
  type CreditSettings,
  type CreditSettingsUpdate,
  type countryCreditSchema,
  type countryPackageSchema,
  PACKAGE_ROUTES,
  type Package,
  type PackageInput,
  type PackageUpdate,
  type packageSchema,
} from '@cuspid/contracts/packages';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type TotalList<Item extends z.ZodType> = z.infer<ReturnType<typeof totalListSchema<Item>>>;
export type PackageList = TotalList<typeof packageSchema>;
export type CountryPackageList = TotalList<typeof countryPackageSchema>;
export type CountryCreditList = TotalList<typeof countryCreditSchema>;

export type PackagePageParams = {
  page: number;
  size: number;
  search: string;
  active: '' | 'true' | 'false';
  creditType: '' | 'free' | 'paid';
  sortBy?: string | undefined;
  sortDir: 'asc' | 'desc';
};
export type CountryCreditPageParams = { page: number; size: number; search: string };

export const packageKeys = {
  all: ['packages'] as const,
  page: (params: PackagePageParams) => [...packageKeys.all, 'page', params] as const,
  detail: (id: string) => [...packageKeys.all, 'detail', id] as const,
  countryPrices: (packageId: string) => [...packageKeys.all, 'country-prices', packageId] as const,
  countryCredits: (params: CountryCreditPageParams) => ['country-credits', 'page', params] as const,
  countryCreditsAll: ['country-credits'] as const,
  settings: ['credit-settings'] as const,
};

export function listPackages(params: PackagePageParams, signal?: AbortSignal): Promise<PackageList> {
  return api.get<PackageList>('api', PACKAGE_ROUTES.packages, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      active: params.active || undefined,
      credit_type: params.creditType || undefined,
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const packagePageQuery = (params: PackagePageParams) =>
  queryOptions({
    queryKey: packageKeys.page(params),
    queryFn: ({ signal }) => listPackages(params, signal),
    placeholderData: keepPreviousData,
  });
export const usePackagePage = (params: PackagePageParams) => useQuery(packagePageQuery(params));

export const packageQuery = (id: string) =>
  queryOptions({
    queryKey: packageKeys.detail(id),
    queryFn: ({ signal }) => api.get<Package>('api', PACKAGE_ROUTES.package(id), { signal }),
  });
export const usePackage = (id: string) => useQuery(packageQuery(id));

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PackageInput | PackageUpdate }) =>
      id
        ? api.put<Package>('api', PACKAGE_ROUTES.package(id), body)
        : api.post<Package>('api', PACKAGE_ROUTES.packages, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', PACKAGE_ROUTES.package(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

// --- Country prices of a package --------------------------------------------------------------

/** Every country price of one package (a package has one per country: at most some 250). */
export const countryPricesQuery = (packageId: string) =>
  queryOptions({
    queryKey: packageKeys.countryPrices(packageId),
    queryFn: async ({ signal }) => {
      const rows: CountryPackage[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<CountryPackageList>('api', PACKAGE_ROUTES.countryPackages, {
          signal,
          query: { package_id: packageId, page, per_page: 100, sort_by: 'country' },
        });
        rows.push(...answer.data);
        if (answer.data.length < 100 || rows.length >= answer.total) return rows;
      }
    },
  });
export const useCountryPrices = (packageId: string) => useQuery(countryPricesQuery(packageId));

export function useSaveCountryPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CountryPackageInput | CountryPackageUpdate }) =>
      id
        ? api.put<CountryPackage>('api', PACKAGE_ROUTES.countryPackage(id), body)
        : api.post<CountryPackage>('api', PACKAGE_ROUTES.countryPackages, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

export function useDeleteCountryPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', PACKAGE_ROUTES.countryPackage(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

// --- Country credits --------------------------------------------------------------------------

export const countryCreditPageQuery = (params: CountryCreditPageParams) =>
  queryOptions({
    queryKey: packageKeys.countryCredits(params),
    queryFn: ({ signal }) =>
      api.get<CountryCreditList>('api', PACKAGE_ROUTES.countryCredits, {
        signal,
        query: { page: params.page, per_page: params.size, search: params.search.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });
export const useCountryCreditPage = (params: CountryCreditPageParams) => useQuery(countryCreditPageQuery(params));

export function useSaveCountryCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CountryCreditInput | CountryCreditUpdate }) =>
      id
        ? api.put<CountryCredit>('api', PACKAGE_ROUTES.countryCredit(id), body)
        : api.post<CountryCredit>('api', PACKAGE_ROUTES.countryCredits, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.countryCreditsAll }),
  });
}

export function useDeleteCountryCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', PACKAGE_ROUTES.countryCredit(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.countryCreditsAll }),
  });
}

// --- Credit settings and the price of a case --------------------------------------------------

export const creditSettingsQuery = () =>
  queryOptions({
    queryKey: packageKeys.settings,
    queryFn: ({ signal }) => api.get<CreditSettings>('api', PACKAGE_ROUTES.creditSettings, { signal }),
  });
export const useCreditSettings = () => useQuery(creditSettingsQuery());

export function useSaveCreditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditSettingsUpdate) => api.put<CreditSettings>('api', PACKAGE_ROUTES.creditSettings, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(packageKeys.settings, saved);
      // Prices shown anywhere may have changed.
      return queryClient.invalidateQueries({ queryKey: ['case-price'] });
    },
  });
}

/** POST /case-price as a query: the same teeth and place ask once (a price is a read). */
export const casePriceQuery = (body: CasePriceInput) =>
  queryOptions({
    queryKey: ['case-price', body] as const,
    queryFn: ({ signal }) => api.post<CasePrice>('api', PACKAGE_ROUTES.casePrice, body, { signal }),
  });
