import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/news': null,
    'POST /api/news': null,
    'GET /api/news/:id': 'news',
    'PUT /api/news/:id': 'news',
    'DELETE /api/news/:id': 'news',
    'GET /api/news-feed': null,
    'GET /api/news-feed/:id': 'news',
    'POST /api/news-feed/:id/read': 'news',
  },
  // Generated news are for administrators only: news for everyone would reach the feeds other test files read.
  sharedFields: {
    'POST /api/news': { audience: { roles: ['admin'], partner_types: [] } },
    'PUT /api/news/:id': { audience: { roles: ['admin'], partner_types: [] } },
  },
  records: {
    // News belong to no company: whoever holds backoffice-news reaches every item, and a reader the ones
    // meant for them (an item outside the audience answers 404, see news.routes.test.ts).
    news: {
      scope: 'global',
      create: async ({ post, created, adminToken }) =>
        created(
          await post(
            '/api/news',
            {
              subject: 'Matrix news',
              language: 'en',
              body: '<p>For the matrix</p>',
              audience: { roles: ['admin'], partner_types: [] },
            },
            adminToken,
          ),
        ),
    },
  },
});
