import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { newsPaths } from './paths';

// NEWS_PERMISSION of @cuspid/contracts/news, written out: importing that module would put its schemas (zod) into
// the login page's bundle, which loads the route table.
const NEWS_PERMISSION = 'backoffice-news' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: newsPaths.news,
    page: lazyPage(() => import('./pages/news-list'), 'NewsListPage'),
    permission: NEWS_PERMISSION,
  },
  {
    path: newsPaths.newsCreate,
    page: lazyPage(() => import('./pages/news-form'), 'NewsCreatePage'),
    permission: NEWS_PERMISSION,
  },
  {
    path: newsPaths.newsEditRoute,
    page: lazyPage(() => import('./pages/news-form'), 'NewsEditPage'),
    permission: NEWS_PERMISSION,
  },
  {
    path: newsPaths.newsShowRoute,
    page: lazyPage(() => import('./pages/news-show'), 'NewsShowPage'),
    permission: NEWS_PERMISSION,
  },
];
