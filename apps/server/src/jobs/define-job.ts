import type { z } from 'zod';
import type { Deps, JobDefinition, JobOptions } from '../deps';

/** Declares a job: a name, a zod payload (ids only, never rows) and a handler. */
export function defineJob<S extends z.ZodType>(definition: {
  name: string;
  payload: S;
  handler: (payload: z.infer<S>, deps: Deps) => Promise<void>;
  options?: JobOptions;
  schedule?: { cron: string };
}): JobDefinition<z.infer<S>> {
  return definition as JobDefinition<z.infer<S>>;
}
