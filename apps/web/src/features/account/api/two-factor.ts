import {
  type RecoveryCodesResponse,
  TWO_FACTOR_ROUTES,
  type TwoFactorConfirmBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupBody,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@cuspid/contracts/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const twoFactorKeys = { status: ['two-factor', 'status'] as const };

export const getTwoFactorStatus = (signal?: AbortSignal) =>
  api.get<TwoFactorStatus>('auth', TWO_FACTOR_ROUTES.status, { signal });
export const setupTwoFactor = (body: TwoFactorSetupBody) =>
  api.post<TwoFactorSetupResponse>('auth', TWO_FACTOR_ROUTES.setup, body);
export const enableTwoFactor = (body: TwoFactorEnableBody) =>
  api.post<RecoveryCodesResponse>('auth', TWO_FACTOR_ROUTES.enable, body);
export const disableTwoFactor = (body: TwoFactorConfirmBody) =>
  api.post<{ message: string }>('auth', TWO_FACTOR_ROUTES.disable, body);
export const regenerateRecoveryCodes = (body: TwoFactorConfirmBody) =>
  api.post<RecoveryCodesResponse>('auth', TWO_FACTOR_ROUTES.regenerateRecoveryCodes, body);

export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => getTwoFactorStatus(signal) });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());

function useMutationRefreshingStatus<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
export const useEnableTwoFactor = () => useMutationRefreshingStatus(enableTwoFactor);
export const useDisableTwoFactor = () => useMutationRefreshingStatus(disableTwoFactor);
export const useRegenerateRecoveryCodes = () => useMutationRefreshingStatus(regenerateRecoveryCodes);
