import { NEWS_PERMISSION_CATALOGUE } from '@cuspid/contracts/news';
import { defineModule } from '../../lib/define-module';
import { newsRoutes } from './news.routes';

/** News: staff write them per language for an audience; every signed-in user reads the published ones meant for them. */
export const newsModule = defineModule({
  name: 'news',
  service: 'api',
  routes: newsRoutes,
  permissions: NEWS_PERMISSION_CATALOGUE,
  auditKinds: ['news'],
});
