import {
  COMPANY_ROUTES,
  type RegisterCompany,
  type RegistrationOptions,
  type VatCheckResult,
} from '@cuspid/contracts/companies';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Captcha = { id: string; image: string; expires_at: string };
export type RegisterCompanyResponse = { message: string; company_id: string; user_id: string };

const publicCall = { skipSessionHandling: true } as const;

export const registrationKeys = {
  options: ['registration', 'options'] as const,
  captcha: ['registration', 'captcha'] as const,
};

export const getRegistrationOptions = () =>
  api.get<RegistrationOptions>('api', COMPANY_ROUTES.registrationOptions, publicCall);
export const registrationOptionsQuery = () =>
  queryOptions({ queryKey: registrationKeys.options, queryFn: getRegistrationOptions, staleTime: 60_000 });
export const useRegistrationOptions = () => useQuery(registrationOptionsQuery());

export const getCaptcha = () => api.get<Captcha>('api', COMPANY_ROUTES.captcha, publicCall);
/** A captcha is single use: never cached, fetched again on every reload. */
export const captchaQuery = () =>
  queryOptions({
    queryKey: registrationKeys.captcha,
    queryFn: getCaptcha,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
export const useCaptcha = (enabled: boolean) => useQuery({ ...captchaQuery(), enabled });

export const checkVatId = (body: { vat_id: string; country?: string }) =>
  api.post<VatCheckResult>('api', COMPANY_ROUTES.checkVatId, body, publicCall);
export const useCheckVatId = () => useMutation({ mutationFn: checkVatId });

export const registerCompany = (body: RegisterCompany) =>
  api.post<RegisterCompanyResponse>('api', COMPANY_ROUTES.registerCompany, body, publicCall);
export const useRegisterCompany = () => useMutation({ mutationFn: registerCompany });
