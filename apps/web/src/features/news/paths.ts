import type { RecordPages } from '../../lib/record-pages';

export const newsPaths = {
  news: '/news',
  newsCreate: '/news/create',
  newsEditRoute: '/news/:id/edit',
  newsEdit: (id: string) => `/news/${id}/edit`,
  newsShowRoute: '/news/:id/show',
  newsShow: (id: string) => `/news/${id}/show`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  news: newsPaths.newsShow,
};
