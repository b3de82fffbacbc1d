import type { JobDefinition } from '../deps';
import { modules } from '../modules';

/** Every job of every module: the server and `npm run worker` register the same list. */
export const allJobs: readonly JobDefinition<unknown>[] = modules.flatMap((module) => module.jobs ?? []);
