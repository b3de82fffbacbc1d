import type { Logger } from 'pino';

/**
 * Online check of EU VAT ids with the European Commission's VIES REST service (ADR 0055):
 * `POST {url}/check-vat-number` with `{ countryCode, vatNumber }` (the number without its prefix),
 * answering `{ valid, name, address, ... }`. Errors come as `{ actionSucceed: false,
 * errorWrappers: [{ error: 'MS_UNAVAILABLE', message }] }`, with status 200 or an error status.
 * Anything but a clear valid/invalid answer is "unavailable": the caller keeps its offline result.
 */

/** Country prefixes VIES knows: the EU member states (Greece is EL) and Northern Ireland (XI). */
export const VIES_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

export type ViesAnswer =
  | { outcome: 'valid'; name?: string; address?: string }
  | { outcome: 'invalid' }
  | { outcome: 'unavailable'; reason: string };

export type ViesOptions = {
  /** Base URL of the REST API, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api */
  url: string;
  timeoutMs: number;
  /** How long a valid answer is reused; 0 asks VIES every time. */
  cacheTtlMs: number;
  /** Most cached answers kept; the oldest go first. */
  cacheSize?: number;
};

export type ViesClient = {
  /** `vatId` is normalised with its VIES prefix (EL for Greece), e.g. DE136695976. */
  check(vatId: string): Promise<ViesAnswer>;
};

/** VIES fills name and address it may not disclose with "---". */
function detail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
  return text && !/^-+$/.test(text) ? text : undefined;
}

function errorCodes(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { errorWrappers } = body as { errorWrappers?: unknown };
  if (!Array.isArray(errorWrappers) || !errorWrappers.length) return undefined;
  return errorWrappers
    .map((e) => (e && typeof e === 'object' && 'error' in e ? String(e.error) : 'UNKNOWN'))
    .join(', ');
}

/** Reads one answer of check-vat-number. */
export function readViesAnswer(status: number, body: unknown): ViesAnswer {
  const codes = errorCodes(body);
  if (codes) return { outcome: 'unavailable', reason: codes };
  if (status < 200 || status >= 300) return { outcome: 'unavailable', reason: `HTTP ${status}` };
  const answer = (body ?? {}) as { valid?: unknown; userError?: unknown; name?: unknown; address?: unknown };
  // userError, when present, is VALID or INVALID for an answered check, else an error code.
  if (typeof answer.userError === 'string' && !['VALID', 'INVALID'].includes(answer.userError)) {
    return { outcome: 'unavailable', reason: answer.userError };
  }
  if (typeof answer.valid !== 'boolean') return { outcome: 'unavailable', reason: 'no valid field in the answer' };
  if (!answer.valid) return { outcome: 'invalid' };
  const name = detail(answer.name);
  const address = detail(answer.address);
  return { outcome: 'valid', ...(name ? { name } : {}), ...(address ? { address } : {}) };
}

export function createViesClient(options: ViesOptions, logger: Logger): ViesClient {
  const endpoint = `${options.url.replace(/\/+$/, '')}/check-vat-number`;
  const cacheSize = options.cacheSize ?? 10_000;
  const cache = new Map<string, { answer: ViesAnswer; expiresAt: number }>();

  function cached(vatId: string): ViesAnswer | undefined {
    const hit = cache.get(vatId);
    if (!hit) return undefined;
    if (hit.expiresAt > Date.now()) return hit.answer;
    cache.delete(vatId);
    return undefined;
  }

  function remember(vatId: string, answer: ViesAnswer) {
    if (options.cacheTtlMs <= 0) return;
    cache.delete(vatId);
    while (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    cache.set(vatId, { answer, expiresAt: Date.now() + options.cacheTtlMs });
  }

  async function ask(countryCode: string, vatNumber: string): Promise<ViesAnswer> {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode, vatNumber }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body: unknown = await response.json().catch(() => undefined);
      return readViesAnswer(response.status, body);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        outcome: 'unavailable',
        reason: timedOut ? `no answer within ${options.timeoutMs} ms` : `unreachable (${(error as Error).message})`,
      };
    }
  }

  return {
    async check(vatId) {
      const hit = cached(vatId);
      if (hit) return hit;
      const countryCode = vatId.slice(0, 2);
      const answer = await ask(countryCode, vatId.slice(2));
      if (answer.outcome === 'valid') remember(vatId, answer);
      if (answer.outcome === 'unavailable') {
        logger.warn({ countryCode, reason: answer.reason }, 'VIES did not answer; the offline VAT check stands');
      }
      return answer;
    },
  };
}
