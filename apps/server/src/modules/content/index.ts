import { CONTENT_PERMISSION_CATALOGUE } from '@cuspid/contracts/content';
import { defineModule } from '../../lib/define-module';
import { contentRoutes } from './content.routes';

export { seedHelpContent } from './content.service';

/**
 * The help content of the global configuration (FAQ and data privacy per language, ADR 0111): staff edit it,
 * every signed-in user reads it in a language with a fallback to en.
 */
export const contentModule = defineModule({
  name: 'content',
  service: 'api',
  routes: contentRoutes,
  permissions: CONTENT_PERMISSION_CATALOGUE,
  auditKinds: ['global-configuration'],
});
