import { StorageError } from './storage-errors';

export const MAX_KEY_BYTES = 1024;
/** AWS SigV4 presigned URLs cannot live longer than 7 days; the same cap applies to local URLs. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Throws a StorageError('INVALID_KEY') unless `key` is a safe relative object key:
 * non-empty, at most 1024 UTF-8 bytes, no leading '/', no backslash, no control characters (NUL included),
 * and no empty, '.' or '..' path segment (so no '//' and no trailing '/').
 */
export function assertValidKey(key: unknown): asserts key is string {
  const fail = (reason: string): never => {
    throw new StorageError('INVALID_KEY', `Invalid storage key ${JSON.stringify(key)}: ${reason}`, {
      key: typeof key === 'string' ? key : undefined,
    });
  };
  if (typeof key !== 'string') return fail('must be a string');
  if (key.length === 0) return fail('must not be empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return fail(`must be at most ${MAX_KEY_BYTES} bytes`);
  if (key.startsWith('/')) return fail("must not start with '/'");
  if (key.includes('\\')) return fail('must not contain backslashes');
  if (CONTROL_CHARS.test(key)) return fail('must not contain control characters (NUL, newline, ...)');
  if (Buffer.from(key, 'utf8').toString('utf8') !== key)
    return fail('must be well-formed Unicode (no lone surrogates)');
  for (const segment of key.split('/')) {
    if (segment === '..') return fail("must not contain a '..' segment");
    if (segment === '.') return fail("must not contain a '.' segment");
    if (segment === '') return fail("must not contain empty segments ('//' or a trailing '/')");
  }
}

export function assertValidContentType(contentType: unknown, key: string): asserts contentType is string {
  if (
    typeof contentType !== 'string' ||
    contentType.length === 0 ||
    contentType.length > 255 ||
    CONTROL_CHARS.test(contentType)
  ) {
    throw new StorageError('INVALID_ARGUMENT', `Invalid content type ${JSON.stringify(contentType)}`, { key });
  }
}

export function assertValidRange(range: { start: number; end?: number } | undefined, key: string): void {
  if (range === undefined) return;
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    throw new StorageError('INVALID_RANGE', `Invalid byte range ${JSON.stringify(range)}`, { key });
  }
}

export function assertValidExpiry(expiresInSeconds: unknown, key: string): asserts expiresInSeconds is number {
  if (
    typeof expiresInSeconds !== 'number' ||
    !Number.isSafeInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > MAX_SIGNED_URL_SECONDS
  ) {
    throw new StorageError(
      'INVALID_ARGUMENT',
      `expiresInSeconds must be an integer between 1 and ${MAX_SIGNED_URL_SECONDS}, got ${String(expiresInSeconds)}`,
      { key },
    );
  }
}

/**
 * A Content-Disposition header value (RFC 6266): an ASCII `filename` fallback plus a UTF-8 `filename*`.
 * Without a file name it is just the disposition type.
 */
export function buildContentDisposition(
  disposition: 'inline' | 'attachment' = 'attachment',
  fileName?: string,
): string {
  if (fileName === undefined || fileName === '') return disposition;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strip control characters from header values
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[/\\]/g, '_');
  const fallback = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
