import type { LanguageCode } from '@cuspid/contracts';
import {
  NEWS_ROUTES,
  type News,
  type NewsFeed,
  type NewsFeedItem,
  type NewsInput,
  type NewsStatus,
  type NewsUpdate,
  type newsSchema,
} from '@cuspid/contracts/news';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type NewsPageParams = {
  page: number;
  size: number;
  search: string;
  language: LanguageCode | '';
  status: NewsStatus | '';
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc';
};
export type NewsList = TotalList<typeof newsSchema>;

export const newsKeys = {
  all: ['news'] as const,
  page: (params: NewsPageParams) => [...newsKeys.all, 'page', params] as const,
  detail: (id: string) => [...newsKeys.all, 'detail', id] as const,
  feed: (language: string, perPage: number) => [...newsKeys.all, 'feed', language, perPage] as const,
};

export function listNews(params: NewsPageParams, signal?: AbortSignal): Promise<NewsList> {
  return api.get<NewsList>('api', NEWS_ROUTES.news, {
    signal,
    query: {
      page: params.page,
      per_page: params.size,
      search: params.search.trim() || undefined,
      language: params.language || undefined,
      status: params.status || undefined,
      sort_by: params.sortBy,
      sort_dir: params.sortBy ? params.sortDir : undefined,
    },
  });
}

export const newsPageQuery = (params: NewsPageParams) =>
  queryOptions({
    queryKey: newsKeys.page(params),
    queryFn: ({ signal }) => listNews(params, signal),
    placeholderData: keepPreviousData,
  });
export const useNewsPage = (params: NewsPageParams) => useQuery(newsPageQuery(params));

export const newsQuery = (id: string) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => api.get<News>('api', NEWS_ROUTES.newsItem(id), { signal }),
  });
export const useNews = (id: string) => useQuery(newsQuery(id));

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NewsInput | NewsUpdate }) =>
      id ? api.put<News>('api', NEWS_ROUTES.newsItem(id), body) : api.post<News>('api', NEWS_ROUTES.news, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('api', NEWS_ROUTES.newsItem(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

/** The signed-in user's feed in a language (the server falls back to English where it has none). */
export const newsFeedQuery = (language: string, perPage: number) =>
  queryOptions({
    queryKey: newsKeys.feed(language, perPage),
    queryFn: ({ signal }) =>
      api.get<NewsFeed>('api', NEWS_ROUTES.feed, { signal, query: { language, page: 1, per_page: perPage } }),
    placeholderData: keepPreviousData,
  });
export const useNewsFeed = (language: string, perPage: number) => useQuery(newsFeedQuery(language, perPage));

/** Marks a feed item read; the feed's pages show it read at once. */
export function useMarkNewsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<NewsFeedItem>('api', NEWS_ROUTES.markRead(id)),
    onSuccess: (item) => {
      queryClient.setQueriesData<NewsFeed>({ queryKey: [...newsKeys.all, 'feed'] }, (feed) =>
        feed
          ? {
              ...feed,
              data: feed.data.map((n) => (n.id === item.id ? item : n)),
              unread: Math.max(0, feed.unread - (feed.data.some((n) => n.id === item.id && !n.read_at) ? 1 : 0)),
            }
          : feed,
      );
    },
  });
}
