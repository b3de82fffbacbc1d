import { searchAreaSchema } from '@cuspid/contracts/search';
import { defineModule, type ServerModule } from '../../lib/define-module';
import { searchRoutes } from './search.routes';

/**
 * The global search (ADR 0080) over the providers the given modules declare (`defineModule({ search })`):
 * it knows no area, so a new area takes part by declaring its provider. An area id of the wrong shape, or one
 * declared twice, stops the server.
 */
export function defineSearchModule(areas: readonly ServerModule[]) {
  const providers = areas.flatMap((module) => module.search ?? []);
  const ids = providers.map((provider) => searchAreaSchema.parse(provider.area));
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new Error(`The search area '${twice}' is declared twice`);
  return defineModule({ name: 'search', service: 'api', routes: searchRoutes(providers) });
}
