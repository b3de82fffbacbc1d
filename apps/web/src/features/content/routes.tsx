import { appPaths } from '../../config/paths';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { contentPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: appPaths.notFound,
    page: lazyPage(() => import('./pages/not-found'), 'NotFoundPage'),
    public: true,
    layout: 'full',
  },
  {
    path: appPaths.home,
    page: lazyPage(() => import('./pages/home'), 'HomePage'),
  },
  {
    path: contentPaths.faq,
    page: lazyPage(() => import('./pages/faq'), 'FaqPage'),
  },
  {
    path: contentPaths.dataPrivacy,
    page: lazyPage(() => import('./pages/data-privacy'), 'DataPrivacyPage'),
  },
];
