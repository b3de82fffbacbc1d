// Minimal types for the parts of autocannon 9 the benchmarks use (the package ships none).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds. */
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total: number;
  }

  export interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }

  export interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: 'done', listener: (result: Result) => void): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    stop(): void;
  }

  /** The callback form; it returns the running instance (for its events). */
  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
