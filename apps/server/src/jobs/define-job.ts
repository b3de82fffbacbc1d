import type { z } from 'zod';
import type { Deps } from '../deps';

export type JobOptions = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
};

export type JobDefinition<P = unknown> = {
  /** `<area>.<verb-noun>`, e.g. `auth.record-login`. */
  name: string;
  payload: z.ZodType<P>;
  // A method, so a job of any payload fits a list of JobDefinition<unknown>.
  handler(payload: P, deps: Deps): Promise<void>;
  options?: JobOptions;
  /** Runs on a cron schedule (UTC) when set. */
  schedule?: { cron: string };
};

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
