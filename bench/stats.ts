// Small figures every benchmark prints: the median of its runs and the time one run took.
import { performance } from 'node:perf_hooks';

/** The median of the runs, NaN runs (a measurement that did not happen) left out; NaN when none is left. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `fn` once: its result and how long it took (ms). */
export function timed<T>(fn: () => T): [T, number] {
  const started = performance.now();
  const result = fn();
  return [result, performance.now() - started];
}
