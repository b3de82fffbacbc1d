import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig, runtimeConfigSchema } from '@cuspid/contracts/runtime-config';

declare global {
  interface Window {
    __CUSPID_CONFIG__?: unknown;
  }
}

export type ServiceName = keyof RuntimeConfig['services'];

let cached: RuntimeConfig | null = null;

/** Reads `window.__CUSPID_CONFIG__` (set by /runtime-config.js) once; falls back to the defaults with a warning. */
export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const raw = typeof window === 'undefined' ? undefined : window.__CUSPID_CONFIG__;
  if (raw === undefined) {
    console.warn('window.__CUSPID_CONFIG__ is missing: using the default service addresses');
    cached = DEFAULT_RUNTIME_CONFIG;
    return cached;
  }
  const partial = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<RuntimeConfig>;
  const parsed = runtimeConfigSchema.safeParse({
    ...DEFAULT_RUNTIME_CONFIG,
    ...partial,
    services: { ...DEFAULT_RUNTIME_CONFIG.services, ...partial.services },
  });
  if (!parsed.success) {
    console.warn('window.__CUSPID_CONFIG__ is not valid: using the default service addresses', parsed.error.issues);
    cached = DEFAULT_RUNTIME_CONFIG;
  } else {
    cached = parsed.data;
  }
  return cached;
}

/** Joins a service base URL (absolute or relative) and a path. */
export function serviceUrl(service: ServiceName, path: string): string {
  const base = getRuntimeConfig().services[service].replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** For tests: forget the cached configuration. */
export function resetRuntimeConfig(): void {
  cached = null;
}
