export const newsPaths = {
  news: '/news',
  newsCreate: '/news/create',
  newsEditRoute: '/news/:id/edit',
  newsEdit: (id: string) => `/news/${id}/edit`,
  newsShowRoute: '/news/:id/show',
  newsShow: (id: string) => `/news/${id}/show`,
} as const;
