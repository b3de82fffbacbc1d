import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError, StorageNotFoundError } from './storage-errors';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidKey,
  assertValidRange,
  MAX_SIGNED_URL_SECONDS,
} from './storage-keys';
import type { Storage, StorageSigningOptions, StoredObject } from './storage-types';

export type LocalStorageConfig = { driver: 'local'; root: string };

/** Query parameters of a local signed URL: `/files/<encoded key>?expires=…&sig=…[&disposition=…][&filename=…]`. */
export type LocalSignedQuery = { expires: string; sig: string; disposition?: string; filename?: string };

type Meta = { contentType: string; etag?: string };

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const SIGNATURE_VERSION = 'cuspid-local-file-v1';

/**
 * Files live under `<root>/objects/<key>`, their metadata (content type, etag) under `<root>/meta/<key>` as JSON,
 * so no key can collide with a metadata file. Every write goes to a temp file in the target directory, is fsynced,
 * then renamed into place: readers see the old object or the new one, never a partial one.
 */
export function createLocalStorage(config: LocalStorageConfig, opts: StorageSigningOptions): Storage {
  const root = path.resolve(config.root);
  const dataRoot = path.join(root, 'objects');
  const metaRoot = path.join(root, 'meta');
  const baseUrl = opts.publicBaseUrl.replace(/\/+$/, '');
  if (opts.signingSecret.length < 16) {
    throw new StorageError('INVALID_ARGUMENT', 'Local storage signingSecret must be at least 16 characters');
  }

  const dataPath = (key: string) => path.join(dataRoot, ...key.split('/'));
  const metaPath = (key: string) => path.join(metaRoot, ...key.split('/'));

  const readMeta = async (key: string): Promise<Meta | null> => {
    try {
      const parsed: unknown = JSON.parse(await readFile(metaPath(key), 'utf8'));
      if (parsed && typeof parsed === 'object' && typeof (parsed as Meta).contentType === 'string') {
        const { contentType, etag } = parsed as Meta;
        return { contentType, ...(typeof etag === 'string' ? { etag } : {}) };
      }
      return null;
    } catch {
      return null; // missing or unreadable metadata: the object is still served, as octet-stream
    }
  };

  const put: Storage['put'] = async (key, body, putOpts) => {
    assertValidKey(key);
    assertValidContentType(putOpts.contentType, key);
    const { contentType, contentLength } = putOpts;
    if (contentLength !== undefined && (!Number.isSafeInteger(contentLength) || contentLength < 0)) {
      throw new StorageError('INVALID_ARGUMENT', `Invalid contentLength ${contentLength}`, { key });
    }
    const file = dataPath(key);
    const metaFile = metaPath(key);
    const tmp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
    const metaTmp = path.join(path.dirname(metaFile), `.tmp-${randomUUID()}`);
    const md5 = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (contentLength !== undefined && size > contentLength) {
          callback(lengthMismatch(key, contentLength, size));
          return;
        }
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    let sink: WriteStream | undefined;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(metaFile), { recursive: true });
      if ((await statOrNull(file))?.isDirectory() || (await statOrNull(metaFile))?.isDirectory()) {
        throw new StorageError('CONFLICT', `Storage key ${JSON.stringify(key)} is a prefix of other keys`, { key });
      }
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      sink = createWriteStream(tmp, { flags: 'wx', flush: true });
      await pipeline(source, meter, sink);
      if (contentLength !== undefined && size !== contentLength) throw lengthMismatch(key, contentLength, size);
      const etag = md5.digest('hex');
      const meta: Meta = { contentType, etag };
      await writeFile(metaTmp, JSON.stringify(meta), { flag: 'wx', flush: true });
      await rename(metaTmp, metaFile);
      await rename(tmp, file);
      return { key, size, contentType, etag };
    } catch (err) {
      if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
      // A write stream destroyed before its file was open still opens (creates) it, then closes it:
      // wait for that, or the temporary file would appear after it was removed.
      if (sink && !sink.closed) await new Promise<void>((resolve) => sink!.once('close', () => resolve()));
      await Promise.all([rm(tmp, { force: true }), rm(metaTmp, { force: true })]);
      throw toStorageError(err, key);
    }
  };

  const get: Storage['get'] = async (key, range) => {
    assertValidKey(key);
    assertValidRange(range, key);
    let handle: FileHandle;
    try {
      handle = await open(dataPath(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      throw toStorageError(err, key);
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw new StorageNotFoundError(key);
      const totalSize = st.size;
      let start = 0;
      let end = totalSize - 1;
      if (range) {
        if (range.start >= totalSize) {
          throw new StorageError(
            'INVALID_RANGE',
            `Range start ${range.start} is beyond the end of ${JSON.stringify(key)} (${totalSize} bytes)`,
            { key },
          );
        }
        start = range.start;
        end = Math.min(range.end ?? end, end);
      }
      const meta = await readMeta(key);
      const contentType = meta?.contentType ?? DEFAULT_CONTENT_TYPE;
      const etag = meta?.etag;
      if (totalSize === 0) {
        await handle.close();
        return { body: Readable.from([]), size: 0, totalSize, contentType, ...(etag ? { etag } : {}) };
      }
      const body = handle.createReadStream({ start, end, autoClose: true });
      return { body, size: end - start + 1, totalSize, contentType, ...(etag ? { etag } : {}) };
    } catch (err) {
      await handle.close().catch(() => {});
      throw toStorageError(err, key);
    }
  };

  const head: Storage['head'] = async (key) => {
    assertValidKey(key);
    const st = await statOrNull(dataPath(key)).catch((err: unknown) => {
      throw toStorageError(err, key);
    });
    if (!st?.isFile()) return null;
    const meta = await readMeta(key);
    const result: StoredObject = { key, size: st.size, contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE };
    if (meta?.etag) result.etag = meta.etag;
    return result;
  };

  const remove: Storage['delete'] = async (key) => {
    assertValidKey(key);
    try {
      await Promise.all([unlinkIfPresent(dataPath(key)), unlinkIfPresent(metaPath(key))]);
    } catch (err) {
      throw toStorageError(err, key);
    }
  };

  const signedUrl: Storage['signedUrl'] = async (key, signOpts) => {
    assertValidKey(key);
    assertValidExpiry(signOpts.expiresInSeconds, key);
    const expires = Math.floor(Date.now() / 1000) + signOpts.expiresInSeconds;
    const params = new URLSearchParams({ expires: String(expires) });
    if (signOpts.disposition) params.set('disposition', signOpts.disposition);
    if (signOpts.fileName) params.set('filename', signOpts.fileName);
    params.set(
      'sig',
      computeSignature(opts.signingSecret, key, expires, signOpts.disposition ?? '', signOpts.fileName ?? ''),
    );
    return `${baseUrl}/files/${encodeURIComponent(key)}?${params.toString()}`;
  };

  const ready: Storage['ready'] = async () => {
    try {
      await mkdir(dataRoot, { recursive: true });
      await mkdir(metaRoot, { recursive: true });
      const probe = path.join(dataRoot, `.ready-${randomUUID()}`);
      await writeFile(probe, 'ok', { flag: 'wx' });
      await rm(probe, { force: true });
    } catch (err) {
      throw new StorageError('BACKEND', `Local storage root ${root} is not writable: ${errorMessage(err)}`, {
        cause: err,
      });
    }
  };

  const adoptFile: Storage['adoptFile'] = async (key, filePath, adoptOpts) => {
    assertValidKey(key);
    assertValidContentType(adoptOpts.contentType, key);
    const { contentType, contentLength } = adoptOpts;
    const size = (await stat(filePath)).size;
    if (size !== contentLength) throw lengthMismatch(key, contentLength, size);
    const file = dataPath(key);
    const metaFile = metaPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(path.dirname(metaFile), { recursive: true });
    if ((await statOrNull(file))?.isDirectory() || (await statOrNull(metaFile))?.isDirectory()) {
      throw new StorageError('CONFLICT', `Storage key ${JSON.stringify(key)} is a prefix of other keys`, { key });
    }
    let etag = adoptOpts.etag;
    if (!etag) {
      const md5 = createHash('md5');
      for await (const chunk of createReadStream(filePath)) md5.update(chunk as Buffer);
      etag = md5.digest('hex');
    }
    // The bytes reach the disk before the object appears under its key (put's guarantee).
    const handle = await open(filePath, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    const metaTmp = path.join(path.dirname(metaFile), `.tmp-${randomUUID()}`);
    try {
      await writeFile(metaTmp, JSON.stringify({ contentType, etag } satisfies Meta), { flag: 'wx', flush: true });
      await rename(filePath, file);
      await rename(metaTmp, metaFile);
      return { key, size, contentType, etag };
    } catch (err) {
      await rm(metaTmp, { force: true });
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw toStorageError(err, key);
      // Another file system: copied like any put, then the file is removed.
      const stored = await put(key, createReadStream(filePath), { contentType, contentLength });
      await rm(filePath, { force: true });
      return stored;
    }
  };

  return { kind: 'local', put, adoptFile, get, head, delete: remove, signedUrl, ready };
}

/**
 * Checks the query of a local signed URL (as produced by `signedUrl` of the local driver) for `key`:
 * signature (constant-time), expiry, and that disposition/filename were not altered.
 * `query` may be a parsed query object (Fastify's `request.query`) or URLSearchParams.
 * The route serving the file should then use `query.disposition` / `query.filename` for Content-Disposition.
 */
export function verifyLocalSignature(
  key: string,
  query: Record<string, unknown> | URLSearchParams,
  signingSecret: string,
  now: number = Date.now(),
): boolean {
  try {
    assertValidKey(key);
  } catch {
    return false;
  }
  if (!signingSecret) return false;
  const read = (name: string): string | undefined | null => {
    const value = query instanceof URLSearchParams ? query.getAll(name) : query[name];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
    if (Array.isArray(value)) return value.length === 1 && typeof value[0] === 'string' ? value[0] : null;
    return typeof value === 'string' ? value : null;
  };
  const expiresRaw = read('expires');
  const sig = read('sig');
  const disposition = read('disposition');
  const fileName = read('filename');
  if (typeof expiresRaw !== 'string' || typeof sig !== 'string' || disposition === null || fileName === null) {
    return false;
  }
  if (!/^\d{1,12}$/.test(expiresRaw)) return false;
  const expires = Number(expiresRaw);
  const nowSeconds = now / 1000;
  if (expires < nowSeconds || expires > nowSeconds + MAX_SIGNED_URL_SECONDS + 60) return false;
  if (disposition !== undefined && disposition !== 'inline' && disposition !== 'attachment') return false;
  const expected = Buffer.from(computeSignature(signingSecret, key, expires, disposition ?? '', fileName ?? ''));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function computeSignature(secret: string, key: string, expires: number, disposition: string, fileName: string) {
  return createHmac('sha256', secret)
    .update(JSON.stringify([SIGNATURE_VERSION, key, expires, disposition, fileName]))
    .digest('base64url');
}

function lengthMismatch(key: string, expected: number, actual: number) {
  return new StorageError(
    'LENGTH_MISMATCH',
    `Body of ${JSON.stringify(key)} is ${actual > expected ? 'longer' : 'shorter'} than contentLength ${expected}`,
    { key },
  );
}

function errnoCode(err: unknown): string | undefined {
  return err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

function isMissing(err: unknown) {
  const code = errnoCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function errorMessage(err: unknown) {
  return err instanceof Error ? err.message : String(err);
}

async function statOrNull(file: string) {
  try {
    return await stat(file);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

async function unlinkIfPresent(file: string) {
  try {
    await unlink(file);
  } catch (err) {
    const code = errnoCode(err);
    // EISDIR/EPERM: the path is a directory (a prefix of other keys), i.e. not an object.
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'EPERM') return;
    throw err;
  }
}

function toStorageError(err: unknown, key: string): unknown {
  if (err instanceof StorageError) return err;
  const code = errnoCode(err);
  if (code === 'ENAMETOOLONG') {
    return new StorageError('INVALID_KEY', `Storage key ${JSON.stringify(key)} has a path segment too long`, {
      key,
      cause: err,
    });
  }
  if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR') {
    return new StorageError('CONFLICT', `Storage key ${JSON.stringify(key)} conflicts with an existing key`, {
      key,
      cause: err,
    });
  }
  if (code && err && typeof err === 'object' && 'path' in err) {
    return new StorageError('BACKEND', `Local storage failed for ${JSON.stringify(key)}: ${errorMessage(err)}`, {
      key,
      cause: err,
    });
  }
  return err; // not a file-system error (e.g. the caller's stream failed): rethrow as is
}
