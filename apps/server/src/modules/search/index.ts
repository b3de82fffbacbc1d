import { defineModule, type ServerModule } from '../../lib/define-module';
import { searchRoutes } from './search.routes';

/**
 * The global search (ADR 0080) over the providers the given modules declare (`defineModule({ search })`):
 * it knows no area, so a new area takes part by declaring its provider.
 */
export function defineSearchModule(areas: readonly ServerModule[]) {
  return defineModule({
    name: 'search',
    service: 'api',
    routes: searchRoutes(areas.flatMap((module) => module.search ?? [])),
  });
}
