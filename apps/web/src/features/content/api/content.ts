import {
  CONTENT_ROUTES,
  type DataPrivacyAnswer,
  type FaqAnswer,
  type GlobalConfiguration,
  type GlobalConfigurationInput,
} from '@cuspid/contracts/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const contentKeys = {
  all: ['content'] as const,
  faq: (language: string) => [...contentKeys.all, 'faq', language] as const,
  dataPrivacy: (language: string) => [...contentKeys.all, 'data-privacy', language] as const,
  configuration: () => [...contentKeys.all, 'global-configuration'] as const,
};

/** The FAQ in a language (the server answers the English one where the language has none). */
export const faqQuery = (language: string) =>
  queryOptions({
    queryKey: contentKeys.faq(language),
    queryFn: ({ signal }) => api.get<FaqAnswer>('api', CONTENT_ROUTES.faq, { signal, query: { language } }),
  });
export const useFaq = (language: string) => useQuery(faqQuery(language));

export const dataPrivacyQuery = (language: string) =>
  queryOptions({
    queryKey: contentKeys.dataPrivacy(language),
    queryFn: ({ signal }) =>
      api.get<DataPrivacyAnswer>('api', CONTENT_ROUTES.dataPrivacy, { signal, query: { language } }),
  });
export const useDataPrivacy = (language: string) => useQuery(dataPrivacyQuery(language));

export const globalConfigurationQuery = () =>
  queryOptions({
    queryKey: contentKeys.configuration(),
    queryFn: ({ signal }) => api.get<GlobalConfiguration>('api', CONTENT_ROUTES.getGlobalConfiguration, { signal }),
  });
export const useGlobalConfiguration = () => useQuery(globalConfigurationQuery());

export function useSaveGlobalConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GlobalConfigurationInput) =>
      api.post<GlobalConfiguration>('api', CONTENT_ROUTES.saveGlobalConfiguration, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
