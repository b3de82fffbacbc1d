import { COMPANY_ROUTES, type RegistrationConfiguration } from '@cuspid/contracts/companies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { registrationKeys } from './registration';

const configurationKey = ['registration', 'configuration'] as const;

export const getRegistrationConfiguration = () =>
  api.get<RegistrationConfiguration>('api', COMPANY_ROUTES.registrationConfiguration);
export const registrationConfigurationQuery = () =>
  queryOptions({ queryKey: configurationKey, queryFn: getRegistrationConfiguration });
export const useRegistrationConfiguration = () => useQuery(registrationConfigurationQuery());

export function useSaveRegistrationConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationConfiguration) =>
      api.post<RegistrationConfiguration>('api', COMPANY_ROUTES.saveRegistrationConfiguration, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKey, saved);
      void queryClient.invalidateQueries({ queryKey: registrationKeys.options });
    },
  });
}
