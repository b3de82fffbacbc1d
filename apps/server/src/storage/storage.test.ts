import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStorage,
  type Storage,
  StorageError,
  StorageNotFoundError,
  type StorageSigningOptions,
  verifyLocalSignature,
} from './storage';

type S3rverInstance = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
};
type S3rverConstructor = new (opts: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

const signing: StorageSigningOptions = {
  publicBaseUrl: 'http://files.test/api/',
  signingSecret: 'test-signing-secret-0123456789',
};

type Harness = {
  storage: Storage;
  /** A storage of the same driver whose backend is unusable. */
  broken: Storage;
  /** Temp files left on disk by the driver (local only). */
  leftovers(): Promise<string[]>;
  /** `METHOD /path?query` of every request the S3 server received (s3 only). */
  requests: string[];
  cleanup(): Promise<void>;
};

const drivers: { name: 'local' | 's3'; setup: () => Promise<Harness> }[] = [
  {
    name: 'local',
    setup: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'cuspid-storage-local-'));
      const root = path.join(dir, 'root');
      const notADir = path.join(dir, 'a-file');
      await writeFile(notADir, 'x');
      return {
        storage: createStorage({ driver: 'local', root }, signing),
        broken: createStorage({ driver: 'local', root: path.join(notADir, 'root') }, signing),
        leftovers: async () => {
          const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
          return entries.filter((entry) => path.basename(entry).startsWith('.tmp-'));
        },
        requests: [],
        cleanup: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    setup: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'cuspid-storage-s3rver-'));
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'cuspid-test' }],
      });
      const { port } = await server.run();
      const requests: string[] = [];
      server.httpServer.on('request', (req: IncomingMessage) => {
        requests.push(`${req.method} ${req.url}`);
      });
      const base = {
        driver: 's3' as const,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      };
      return {
        storage: createStorage({ ...base, bucket: 'cuspid-test' }, signing),
        broken: createStorage({ ...base, bucket: 'no-such-bucket' }, signing),
        leftovers: async () => [],
        requests,
        cleanup: async () => {
          await server.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stream of `data` in uneven chunks, asynchronously (like a network upload). */
function chunked(data: Buffer, chunkSize = 64 * 1024 + 3): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < data.length; offset += chunkSize) {
        await new Promise((resolve) => setImmediate(resolve));
        yield data.subarray(offset, offset + chunkSize);
      }
    })(),
  );
}

/** Emits `goodBytes` bytes, then fails like a dropped client connection. */
function failingStream(goodBytes: number): Readable {
  return Readable.from(
    (async function* () {
      const chunk = randomBytes(64 * 1024);
      for (let sent = 0; sent < goodBytes; sent += chunk.length) {
        await new Promise((resolve) => setImmediate(resolve));
        yield chunk;
      }
      throw new Error('client aborted');
    })(),
  );
}

async function expectStorageError(promise: Promise<unknown>, code: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a StorageError ${code}`).toBeInstanceOf(StorageError);
  expect((err as StorageError).code).toBe(code);
  return err as StorageError;
}

describe.each(drivers)('$name storage', ({ name, setup }) => {
  let h: Harness;
  let storage: Storage;
  const key = (suffix: string) => `test/${name}/${suffix}`;

  beforeAll(async () => {
    h = await setup();
    storage = h.storage;
  });
  afterAll(async () => {
    await h?.cleanup();
  });

  it('reports its kind and is ready', async () => {
    expect(storage.kind).toBe(name);
    await expect(storage.ready()).resolves.toBeUndefined();
  });

  it('ready() rejects when the backend is unusable', async () => {
    await expectStorageError(h.broken.ready(), 'BACKEND');
  });

  it('round-trips a Buffer with its content type', async () => {
    const data = Buffer.from('hello, cuspid\n\u0000\u00ff binary too');
    const stored = await storage.put(key('hello.txt'), data, { contentType: 'text/plain; charset=utf-8' });
    expect(stored).toMatchObject({
      key: key('hello.txt'),
      size: data.length,
      contentType: 'text/plain; charset=utf-8',
    });
    expect(stored.etag).toMatch(/^[0-9a-f]{32}$/);

    const got = await storage.get(key('hello.txt'));
    expect(got.contentType).toBe('text/plain; charset=utf-8');
    expect(got.size).toBe(data.length);
    expect(got.totalSize).toBe(data.length);
    expect((await readAll(got.body)).equals(data)).toBe(true);
  });

  it.each([
    { label: '5 MB, unknown length', size: 5 * 1024 * 1024, known: false },
    { label: '5 MB + 1, known length', size: 5 * 1024 * 1024 + 1, known: true },
    { label: '17 MB (multipart on s3), unknown length', size: 17 * 1024 * 1024 + 123, known: false },
  ])('round-trips a stream byte for byte: $label', async ({ size, known }) => {
    const data = randomBytes(size);
    const k = key(`big-${size}.bin`);
    const stored = await storage.put(k, chunked(data), {
      contentType: 'application/x-ply',
      ...(known ? { contentLength: size } : {}),
    });
    expect(stored.size).toBe(size);
    expect(stored.contentType).toBe('application/x-ply');
    if (name === 's3') {
      // past one 8 MiB part the s3 driver goes multipart (3 parts here); below, a single PutObject
      const parts = h.requests.filter((r) => r.startsWith('PUT ') && r.includes(encodeURIComponent(`big-${size}`)));
      expect(parts.filter((r) => r.includes('partNumber=')).length).toBe(size > 8 * 1024 * 1024 ? 3 : 0);
    }

    const got = await storage.get(k);
    expect(got.size).toBe(size);
    expect(got.contentType).toBe('application/x-ply');
    const back = await readAll(got.body);
    expect(back.length).toBe(size);
    expect(sha256(back)).toBe(sha256(data));
    expect(await storage.head(k)).toMatchObject({ key: k, size, contentType: 'application/x-ply' });
  });

  it('takes over a finished file: the object has its bytes and etag, the file is gone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cuspid-adopt-'));
    try {
      const data = randomBytes(300_000);
      const file = path.join(dir, 'finished-upload');
      await writeFile(file, data);
      const stored = await storage.adoptFile(key('adopted.stl'), file, {
        contentType: 'model/stl',
        contentLength: data.length,
      });
      expect(stored).toMatchObject({ key: key('adopted.stl'), size: data.length, contentType: 'model/stl' });
      if (name === 'local') expect(stored.etag).toBe(createHash('md5').update(data).digest('hex'));
      const got = await storage.get(key('adopted.stl'));
      expect((await readAll(got.body)).equals(data)).toBe(true);
      expect(await readdir(dir)).toEqual([]);
      // A wrong length stores nothing and keeps the file.
      await writeFile(file, data);
      await expectStorageError(
        storage.adoptFile(key('wrong.stl'), file, { contentType: 'model/stl', contentLength: 1 }),
        'LENGTH_MISMATCH',
      );
      expect(await storage.head(key('wrong.stl'))).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('round-trips an empty object', async () => {
    await storage.put(key('empty'), Buffer.alloc(0), { contentType: 'application/octet-stream' });
    const got = await storage.get(key('empty'));
    expect(got.size).toBe(0);
    expect((await readAll(got.body)).length).toBe(0);
    expect(await storage.head(key('empty'))).toMatchObject({ size: 0 });
  });

  it('keeps unicode, spaces and deep paths in keys', async () => {
    const k = key('dir/sub dir/ünïcødé file (1) +%&=.txt');
    await storage.put(k, Buffer.from('unicode'), { contentType: 'text/plain' });
    expect((await readAll((await storage.get(k)).body)).toString()).toBe('unicode');
    expect(await storage.head(k)).toMatchObject({ key: k, size: 7 });
  });

  it('head returns metadata, or null when missing', async () => {
    const data = Buffer.from('{"a":1}');
    await storage.put(key('head.json'), data, { contentType: 'application/json' });
    const head = await storage.head(key('head.json'));
    expect(head).toMatchObject({ key: key('head.json'), size: data.length, contentType: 'application/json' });
    expect(await storage.head(key('nope.json'))).toBeNull();
    expect(await storage.head(key('no/such/dir/file'))).toBeNull();
  });

  it('overwrites an existing object (content and content type)', async () => {
    await storage.put(key('over'), Buffer.from('first version'), { contentType: 'text/plain' });
    await storage.put(key('over'), Buffer.from('v2'), { contentType: 'application/json' });
    const got = await storage.get(key('over'));
    expect(got.contentType).toBe('application/json');
    expect((await readAll(got.body)).toString()).toBe('v2');
  });

  it('reads byte ranges (inclusive end, clamped, open-ended)', async () => {
    const data = Buffer.from('0123456789abcdefghij');
    await storage.put(key('range.txt'), data, { contentType: 'text/plain' });

    const mid = await storage.get(key('range.txt'), { start: 5, end: 9 });
    expect((await readAll(mid.body)).toString()).toBe('56789');
    expect(mid.size).toBe(5);
    expect(mid.totalSize).toBe(20);
    expect(mid.contentType).toBe('text/plain');

    const tail = await storage.get(key('range.txt'), { start: 15 });
    expect((await readAll(tail.body)).toString()).toBe('fghij');
    expect(tail.size).toBe(5);

    const clamped = await storage.get(key('range.txt'), { start: 18, end: 1000 });
    expect((await readAll(clamped.body)).toString()).toBe('ij');
    expect(clamped.size).toBe(2);
    expect(clamped.totalSize).toBe(20);

    const single = await storage.get(key('range.txt'), { start: 0, end: 0 });
    expect((await readAll(single.body)).toString()).toBe('0');

    await expectStorageError(storage.get(key('range.txt'), { start: 20 }), 'INVALID_RANGE');
    await expectStorageError(storage.get(key('range.txt'), { start: 5, end: 4 }), 'INVALID_RANGE');
    await expectStorageError(storage.get(key('range.txt'), { start: -1 }), 'INVALID_RANGE');
  });

  it('reads a range of a large streamed object', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    await storage.put(key('range-big.bin'), chunked(data), { contentType: 'application/octet-stream' });
    const start = 1024 * 1024 - 7;
    const end = 2 * 1024 * 1024 + 11;
    const got = await storage.get(key('range-big.bin'), { start, end });
    const part = await readAll(got.body);
    expect(part.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it('get of a missing key throws StorageNotFoundError', async () => {
    const err = await storage.get(key('missing.bin')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageNotFoundError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', key: key('missing.bin') });
    await expect(storage.get(key('missing/deeper.bin'))).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('delete removes the object and is idempotent', async () => {
    await storage.put(key('del.txt'), Buffer.from('bye'), { contentType: 'text/plain' });
    await storage.delete(key('del.txt'));
    expect(await storage.head(key('del.txt'))).toBeNull();
    await expect(storage.get(key('del.txt'))).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete(key('del.txt'))).resolves.toBeUndefined();
    await expect(storage.delete(key('never/existed.txt'))).resolves.toBeUndefined();
  });

  const badKeys: [string, string][] = [
    ['empty', ''],
    ['dot-dot segment', 'a/../b'],
    ['leading dot-dot', '../etc/passwd'],
    ['only dot-dot', '..'],
    ['dot segment', 'a/./b'],
    ['leading slash', '/etc/passwd'],
    ['backslash', 'a\\b'],
    ['windows traversal', '..\\..\\x'],
    ['NUL byte', 'a\u0000b'],
    ['newline', 'a\nb'],
    ['double slash', 'a//b'],
    ['trailing slash', 'a/b/'],
    ['too long (1025 bytes)', 'a'.repeat(1025)],
    ['too long in UTF-8 bytes', 'é'.repeat(513)],
    ['lone surrogate', 'a\ud800b'],
  ];
  it.each(badKeys)('rejects a bad key: %s', async (_label, bad) => {
    const err = await expectStorageError(
      storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }),
      'INVALID_KEY',
    );
    expect(err.message).toMatch(/Invalid storage key/);
    await expectStorageError(storage.get(bad), 'INVALID_KEY');
    await expectStorageError(storage.head(bad), 'INVALID_KEY');
    await expectStorageError(storage.delete(bad), 'INVALID_KEY');
    await expectStorageError(storage.signedUrl(bad, { expiresInSeconds: 60 }), 'INVALID_KEY');
  });

  it('accepts a key of exactly 1024 bytes', async () => {
    const k = `${'s'.repeat(200)}/`.repeat(5).concat('x'.repeat(19));
    expect(Buffer.byteLength(k)).toBe(1024);
    await storage.put(k, Buffer.from('long'), { contentType: 'text/plain' });
    expect(await storage.head(k)).toMatchObject({ size: 4 });
    await storage.delete(k);
  });

  it('rejects an invalid content type', async () => {
    await expectStorageError(storage.put(key('ct'), Buffer.from('x'), { contentType: '' }), 'INVALID_ARGUMENT');
    await expectStorageError(
      storage.put(key('ct'), Buffer.from('x'), { contentType: 'text/plain\r\nX-Evil: 1' }),
      'INVALID_ARGUMENT',
    );
    expect(await storage.head(key('ct'))).toBeNull();
  });

  it('a stream that errors midway leaves no object and no temp file behind', async () => {
    const k = key('aborted/upload.bin');
    // 10 MiB: on s3 the multipart upload has started (first part sent) when the stream fails
    await expect(
      storage.put(k, failingStream(10 * 1024 * 1024), { contentType: 'application/octet-stream' }),
    ).rejects.toThrow('client aborted');
    expect(await storage.head(k)).toBeNull();
    await expect(storage.get(k)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await h.leftovers()).toEqual([]);
    if (name === 's3') {
      // the multipart upload had started and was aborted (s3rver answers the abort with 405, which is swallowed)
      const mine = h.requests.filter((r) => r.includes('aborted%2Fupload.bin') || r.includes('aborted/upload.bin'));
      expect(mine.some((r) => r.startsWith('PUT ') && r.includes('partNumber=1'))).toBe(true);
      expect(mine.some((r) => r.startsWith('DELETE ') && r.includes('uploadId='))).toBe(true);
    }
  });

  it('a failed overwrite keeps the previous object intact', async () => {
    const k = key('aborted/keep.bin');
    await storage.put(k, Buffer.from('original'), { contentType: 'text/plain' });
    await expect(storage.put(k, failingStream(200 * 1024), { contentType: 'image/png' })).rejects.toThrow(
      'client aborted',
    );
    const got = await storage.get(k);
    expect(got.contentType).toBe('text/plain');
    expect((await readAll(got.body)).toString()).toBe('original');
    expect(await h.leftovers()).toEqual([]);
  });

  it('rejects a body that does not match contentLength, storing nothing', async () => {
    await expectStorageError(
      storage.put(key('len-short'), chunked(Buffer.alloc(1000, 1)), { contentType: 'text/plain', contentLength: 1001 }),
      'LENGTH_MISMATCH',
    );
    await expectStorageError(
      storage.put(key('len-long'), chunked(Buffer.alloc(1000, 1), 100), {
        contentType: 'text/plain',
        contentLength: 10,
      }),
      'LENGTH_MISMATCH',
    );
    await expectStorageError(
      storage.put(key('len-buf'), Buffer.alloc(5), { contentType: 'text/plain', contentLength: 4 }),
      'LENGTH_MISMATCH',
    );
    expect(await storage.head(key('len-short'))).toBeNull();
    expect(await storage.head(key('len-long'))).toBeNull();
    expect(await storage.head(key('len-buf'))).toBeNull();
    expect(await h.leftovers()).toEqual([]);
  });

  it('rejects an out-of-range signed URL expiry', async () => {
    await expectStorageError(storage.signedUrl(key('x'), { expiresInSeconds: 0 }), 'INVALID_ARGUMENT');
    await expectStorageError(storage.signedUrl(key('x'), { expiresInSeconds: 8 * 24 * 3600 }), 'INVALID_ARGUMENT');
  });

  if (name === 's3') {
    it('signed URL downloads the bytes, with the requested Content-Disposition', async () => {
      const data = randomBytes(256 * 1024);
      const k = key('signed/scan report.bin');
      await storage.put(k, data, { contentType: 'application/pdf' });

      const url = await storage.signedUrl(k, { expiresInSeconds: 300 });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(data));

      const withName = await storage.signedUrl(k, {
        expiresInSeconds: 300,
        fileName: 'Rapport été.pdf',
        disposition: 'attachment',
      });
      const named = await fetch(withName);
      expect(named.status).toBe(200);
      expect(named.headers.get('content-disposition')).toBe(
        `attachment; filename="Rapport _t_.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.pdf`,
      );
      await named.arrayBuffer();

      // s3rver does not verify SigV4 signatures (only expiry), so check the URL is a proper presigned one.
      const presigned = new URL(withName);
      expect(presigned.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(presigned.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(presigned.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(presigned.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      expect(presigned.searchParams.get('response-content-disposition')).toMatch(/^attachment; filename=/);
      expect(presigned.pathname).toBe(`/cuspid-test/${k.split('/').map(encodeURIComponent).join('/')}`);
    });

    it('an expired signed URL is refused', async () => {
      await storage.put(key('signed/expiring'), Buffer.from('soon gone'), { contentType: 'text/plain' });
      const url = await storage.signedUrl(key('signed/expiring'), { expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const res = await fetch(url);
      expect(res.status).toBe(403);
      await res.arrayBuffer();
    });
  }

  if (name === 'local') {
    it('signed URL points at /files/<key> and verifies; tampering and expiry are rejected', async () => {
      const k = key('signed/scan report.bin');
      await storage.put(k, Buffer.from('pdf'), { contentType: 'application/pdf' });
      const before = Math.floor(Date.now() / 1000);
      const url = new URL(
        await storage.signedUrl(k, { expiresInSeconds: 300, fileName: 'Rapport été.pdf', disposition: 'inline' }),
      );
      expect(`${url.origin}${url.pathname}`).toBe(`http://files.test/api/files/${encodeURIComponent(k)}`);
      expect(decodeURIComponent(url.pathname.slice('/api/files/'.length))).toBe(k);
      const expires = Number(url.searchParams.get('expires'));
      expect(expires).toBeGreaterThanOrEqual(before + 300);
      expect(expires).toBeLessThanOrEqual(before + 302);
      expect(url.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('filename')).toBe('Rapport été.pdf');
      expect(url.searchParams.get('disposition')).toBe('inline');

      const secret = signing.signingSecret;
      const query = Object.fromEntries(url.searchParams);
      expect(verifyLocalSignature(k, url.searchParams, secret)).toBe(true);
      expect(verifyLocalSignature(k, query, secret)).toBe(true);

      const tamper = (patch: Record<string, string | undefined>) => {
        const q: Record<string, string | undefined> = { ...query, ...patch };
        return verifyLocalSignature(k, q, secret);
      };
      const sig = query.sig ?? '';
      expect(tamper({ sig: `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}` })).toBe(false);
      expect(tamper({ sig: '' })).toBe(false);
      expect(tamper({ sig: undefined })).toBe(false);
      expect(tamper({ expires: String(expires + 1) })).toBe(false);
      expect(tamper({ expires: undefined })).toBe(false);
      expect(tamper({ filename: 'evil.html' })).toBe(false);
      expect(tamper({ filename: undefined })).toBe(false);
      expect(tamper({ disposition: 'attachment' })).toBe(false);
      expect(verifyLocalSignature(key('signed/other.bin'), query, secret)).toBe(false);
      expect(verifyLocalSignature(k, query, `${secret}x`)).toBe(false);
      expect(verifyLocalSignature(k, { ...query, sig: [sig, sig] }, secret)).toBe(false);

      // expiry: valid until `expires`, refused after
      expect(verifyLocalSignature(k, query, secret, expires * 1000 - 1)).toBe(true);
      expect(verifyLocalSignature(k, query, secret, expires * 1000 + 1000)).toBe(false);
    });

    it('a signed URL without file name verifies without extra parameters', async () => {
      const k = key('signed/plain.txt');
      const url = new URL(await storage.signedUrl(k, { expiresInSeconds: 60 }));
      expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'sig']);
      expect(verifyLocalSignature(k, url.searchParams, signing.signingSecret)).toBe(true);
      url.searchParams.set('disposition', 'inline');
      expect(verifyLocalSignature(k, url.searchParams, signing.signingSecret)).toBe(false);
    });

    it('rejects a key that is a prefix of existing keys (file vs directory conflict)', async () => {
      await storage.put(key('conflict/child.txt'), Buffer.from('child'), { contentType: 'text/plain' });
      await expectStorageError(
        storage.put(key('conflict'), Buffer.from('parent'), { contentType: 'text/plain' }),
        'CONFLICT',
      );
      expect(await storage.head(key('conflict'))).toBeNull();
      await expect(storage.get(key('conflict'))).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.delete(key('conflict'))).resolves.toBeUndefined();
      expect(await storage.head(key('conflict/child.txt'))).toMatchObject({ size: 5 });
      expect(await h.leftovers()).toEqual([]);
    });
  }
});

describe('createStorage', () => {
  it('refuses a weak signing secret for local storage', () => {
    expect(() =>
      createStorage({ driver: 'local', root: tmpdir() }, { publicBaseUrl: 'http://x', signingSecret: 'short' }),
    ).toThrow(StorageError);
  });
});
