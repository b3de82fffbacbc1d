import type { PermissionTitle } from '@cuspid/contracts';
import type { DbOrTx } from '../db/client';
import type { Actor } from './actor';

/** The time a metric covers: from (included) to (excluded). */
export type MetricPeriod = { from: Date; to: Date };

/** What a metric is computed for: the caller, whose scope it stays within, and the period. */
export type MetricContext = { db: DbOrTx; actor: Actor; period: MetricPeriod };

/** What each kind of metric answers. */
export type MetricValues = {
  /** A count per key, every key the metric knows in its own order, zeros included (e.g. cases per status). */
  counts: { key: string; count: number }[];
  /** A value per day of the period (UTC, `YYYY-MM-DD`), oldest first, days without any included. */
  daily: { date: string; value: number }[];
  /** A value per month of the period (UTC, `YYYY-MM`), oldest first, months without any included. */
  monthly: { date: string; value: number }[];
  /** A single figure. */
  figure: number;
};

export type MetricKind = keyof MetricValues;

/**
 * A figure an area offers the dashboards (ADR 0136), declared in its module's `defineModule({ metrics })`: its id
 * (`<area>.<name>`), the translation key of its title, its kind, the permission a caller needs to see it, and how
 * it is computed within the caller's scope.
 */
export type Metric<K extends MetricKind = MetricKind> = {
  id: `${string}.${string}`;
  title: string;
  kind: K;
  permission: PermissionTitle;
  compute(ctx: MetricContext): Promise<MetricValues[K]>;
};

/** A metric of any kind, its kind telling its values. */
export type AnyMetric = { [K in MetricKind]: Metric<K> }[MetricKind];

export function defineMetric<K extends MetricKind>(metric: Metric<K>): Metric<K> {
  return metric;
}
