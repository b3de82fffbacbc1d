import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/s3';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  type TestContext,
} from '../../../test/setup-app';
import { scanOfSize } from '../../../test/uploads';
import { cleanUpUploads, consumeUpload, uploadsModule } from '.';
import { uploads } from './uploads.schema';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

type Caller = { token: string; companyId: string; userId: string };

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The calls of a tus client, over `inject`. */
function tusClient(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().app.inject({ remoteAddress: randomAddress(), ...options });
  const auth = (token?: string) => (token ? bearer(token) : {});
  return {
    create: (token: string | undefined, size: number, fileName = 'Patient UpperJaw.stl', extra = {}) =>
      inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...auth(token),
          ...TUS,
          'upload-length': String(size),
          'upload-metadata': `filename ${b64(fileName)},filetype ${b64('model/stl')}`,
          ...extra,
        },
      }),
    patch: (token: string | undefined, id: string, offset: number, bytes: Buffer) =>
      inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: {
          ...auth(token),
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      }),
    head: (token: string | undefined, id: string) =>
      inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: { ...auth(token), ...TUS } }),
    remove: (token: string | undefined, id: string) =>
      inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: { ...auth(token), ...TUS } }),
    options: (token: string | undefined) => inject({ method: 'OPTIONS', url: '/api/uploads', headers: auth(token) }),
    get: (token: string | undefined, id: string) =>
      inject({ method: 'GET', url: `/api/uploads/${id}`, headers: auth(token) }),
    complete: (token: string | undefined, id: string, body: unknown) =>
      inject({ method: 'POST', url: `/api/uploads/${id}/complete`, headers: auth(token), payload: body as object }),
  };
}

const idOf = (response: { headers: Record<string, unknown> }) => String(response.headers.location).split('/').pop()!;

async function caller(ctx: TestContext, roles = ['end-user'], companyId?: string): Promise<Caller> {
  const user = await createTestUser(ctx.deps, { roles, ...(companyId ? { companyId } : {}) });
  return { token: (await loginAs(ctx.app, user.mail)).token, companyId: user.companyId, userId: user.id };
}

// --- The whole upload, on both storage backends ------------------------------------------------

type Backend = { name: string; env: () => Promise<Record<string, string>>; cleanup?: () => Promise<void> };
let s3: Awaited<ReturnType<typeof startS3>> | undefined;
const backends: Backend[] = [
  { name: 'local', env: async () => ({}) },
  {
    name: 's3',
    env: async () => {
      s3 = await startS3('cuspid-uploads');
      return s3.env;
    },
    cleanup: async () => s3?.close(),
  },
];

describe.each(backends)('scan uploads on $name storage', (backend) => {
  let ctx: TestContext;
  let practice: Caller;
  const tus = tusClient(() => ctx);
  beforeAll(async () => {
    ctx = await createTestApp(await backend.env());
    practice = await caller(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await backend.cleanup?.();
  });

  it('resumes after an interruption: half the bytes, HEAD for the offset, the rest; stored with its sha256, then verified', async () => {
    const data = scanOfSize(3 * 1024 * 1024);
    const created = await tus.create(practice.token, data.length);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(String(created.headers.location)).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const id = idOf(created);

    const half = Math.floor(data.length / 2);
    const first = await tus.patch(practice.token, id, 0, data.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const head = await tus.head(practice.token, id);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(data.length));
    expect((await tus.get(practice.token, id)).json()).toMatchObject({ status: 'uploading', offset: half });

    // A repeated chunk at a stale offset is refused (409), nothing is appended twice.
    const stale = await tus.patch(practice.token, id, 0, data.subarray(0, 10));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'UPLOAD_OFFSET_MISMATCH',
      message: `The upload continues at byte ${half}: send the rest from there`,
    });

    const rest = await tus.patch(practice.token, id, half, data.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(data.length));

    const record = (await tus.get(practice.token, id)).json();
    expect(record).toMatchObject({
      id,
      status: 'stored',
      size: data.length,
      offset: data.length,
      sha256: sha256(data),
      file_name: 'Patient UpperJaw.stl',
      content_type: 'model/stl',
      company_id: practice.companyId,
      created_by: practice.userId,
    });
    // The staging file is gone; the object holds exactly the bytes sent.
    await expect(stat(path.join(ctx.deps.config.uploads.stagingDir, id))).rejects.toThrow();
    const [row] = await ctx.deps.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row!.storageKey).toBe(`uploads/${practice.companyId}/${id}/Patient_UpperJaw.stl`);
    const object = await ctx.deps.storage.get(row!.storageKey!);
    expect(sha256(await readAll(object.body))).toBe(sha256(data));

    // A finished upload answers HEAD with its whole length (a reloaded browser sees it is done) and refuses bytes.
    const headAfter = await tus.head(practice.token, id);
    expect(headAfter.statusCode).toBe(200);
    expect(headAfter.headers['upload-offset']).toBe(String(data.length));
    const late = await tus.patch(practice.token, id, data.length, Buffer.from('x'));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('UPLOAD_NOT_IN_PROGRESS');

    const completed = await tus.complete(practice.token, id, { sha256: sha256(data).toUpperCase() });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ id, status: 'verified', sha256: sha256(data) });
    // Completing again with the same digest answers the same record.
    expect((await tus.complete(practice.token, id, { sha256: sha256(data) })).json().status).toBe('verified');
  });

  it('refuses a file whose checksum does not match: failed, object removed, 422', async () => {
    const data = scanOfSize(64 * 1024);
    const id = idOf(await tus.create(practice.token, data.length, 'lower.stl'));
    expect((await tus.patch(practice.token, id, 0, data)).statusCode).toBe(204);
    const [stored] = await ctx.deps.db.select().from(uploads).where(eq(uploads.id, id));
    expect(await ctx.deps.storage.head(stored!.storageKey!)).not.toBeNull();

    const wrong = await tus.complete(practice.token, id, { sha256: sha256(Buffer.from('something else')) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'UPLOAD_CHECKSUM_MISMATCH',
      message: 'The file arrived damaged (its checksum does not match). Please upload it again.',
    });
    const record = (await tus.get(practice.token, id)).json();
    expect(record.status).toBe('failed');
    expect(record.failure_reason).toContain('Checksum mismatch');
    expect(await ctx.deps.storage.head(stored!.storageKey!)).toBeNull();
    // Even the right digest cannot revive it; HEAD tells a tus client it is gone.
    expect((await tus.complete(practice.token, id, { sha256: sha256(data) })).statusCode).toBe(422);
    expect((await tus.head(practice.token, id)).statusCode).toBe(410);
  });
});

// --- Guards, limits and the helpers for cases (local storage) ---------------------------------

describe('scan upload guards', () => {
  let ctx: TestContext;
  let practice: Caller;
  let colleague: Caller;
  let stranger: Caller;
  let adminToken: string;
  const tus = tusClient(() => ctx);
  beforeAll(async () => {
    ctx = await createTestApp();
    practice = await caller(ctx);
    colleague = await caller(ctx, ['end-user'], practice.companyId);
    stranger = await caller(ctx);
    adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  }, 60_000);
  afterAll(() => ctx?.close());

  async function verifiedUpload(owner: Caller, data = scanOfSize(10_000)) {
    const id = idOf(await tus.create(owner.token, data.length));
    expect((await tus.patch(owner.token, id, 0, data)).statusCode).toBe(204);
    expect((await tus.complete(owner.token, id, { sha256: sha256(data) })).statusCode).toBe(200);
    return id;
  }

  it('answers 401 without a session on every route', async () => {
    const id = randomUUID();
    const answers = await Promise.all([
      tus.create(undefined, 10),
      tus.patch(undefined, id, 0, Buffer.from('x')),
      tus.head(undefined, id),
      tus.remove(undefined, id),
      tus.options(undefined),
      tus.get(undefined, id),
      tus.complete(undefined, id, { sha256: 'a'.repeat(64) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('answers 403 without the permission backoffice-case-instance', async () => {
    const outsider = await caller(ctx, []);
    const id = idOf(await tus.create(practice.token, 10));
    const answers = await Promise.all([
      tus.create(outsider.token, 10),
      tus.patch(outsider.token, id, 0, Buffer.from('x')),
      tus.head(outsider.token, id),
      tus.remove(outsider.token, id),
      tus.options(outsider.token),
      tus.get(outsider.token, id),
      tus.complete(outsider.token, id, { sha256: 'a'.repeat(64) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });

  it('answers 404 for another company’s upload, and only its user may send, complete or cancel it', async () => {
    const data = randomBytes(100);
    const id = idOf(await tus.create(practice.token, data.length));
    for (const other of [stranger, colleague]) {
      const answers = await Promise.all([
        tus.patch(other.token, id, 0, data),
        tus.head(other.token, id),
        tus.remove(other.token, id),
        tus.complete(other.token, id, { sha256: sha256(data) }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    }
    expect((await tus.get(stranger.token, id)).statusCode).toBe(404);
    // The record is the company's: a colleague (who may start the case) and the back office read it.
    expect((await tus.get(colleague.token, id)).statusCode).toBe(200);
    expect((await tus.get(adminToken, id)).statusCode).toBe(200);
    expect((await tus.get(practice.token, randomUUID())).statusCode).toBe(404);
    // Nothing reached the upload.
    expect((await tus.get(practice.token, id)).json()).toMatchObject({ status: 'uploading', offset: 0 });
  });

  it('answers 400 for bad input', async () => {
    const noLength = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(practice.token), ...TUS, 'upload-metadata': `filename ${b64('a.stl')}` },
    });
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json().code).toBe('UPLOAD_LENGTH_REQUIRED');
    const deferred = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...bearer(practice.token),
        ...TUS,
        'upload-defer-length': '1',
        'upload-metadata': `filename ${b64('a.stl')}`,
      },
    });
    expect(deferred.statusCode).toBe(400);
    expect((await tus.create(practice.token, -5)).statusCode).toBe(400);
    expect((await tus.create(practice.token, 0)).json().message).toBe('The file is empty');
    const wrongType = await tus.create(practice.token, 10, 'notes.pdf');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Only scan files can be uploaded: .stl, .ply or .obj');
    const unnamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(practice.token), ...TUS, 'upload-length': '10' },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('The upload must name its file (Upload-Metadata filename)');
    expect((await tus.get(practice.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await tus.head(practice.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await tus.patch(practice.token, 'not-a-uuid', 0, Buffer.from('x'))).statusCode).toBe(400);
    expect((await tus.remove(practice.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await tus.complete(practice.token, 'not-a-uuid', { sha256: 'a'.repeat(64) })).statusCode).toBe(400);
    const id = idOf(await tus.create(practice.token, 10));
    for (const body of [{}, { sha256: 'xyz' }, { sha256: 'g'.repeat(64) }]) {
      expect((await tus.complete(practice.token, id, body)).statusCode).toBe(400);
    }
    // tus's own rules: a PATCH without Upload-Offset, or of another content type.
    const noOffset = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: { ...bearer(practice.token), ...TUS, 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('x'),
    });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json().message).toBe('Upload-Offset must be a whole number of bytes');
    const plainText = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: { ...bearer(practice.token), ...TUS, 'upload-offset': '0', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plainText.statusCode).toBe(415);
    expect(plainText.json().message).toBe(
      'A tus PATCH sends its bytes as content-type application/offset+octet-stream',
    );
    // Completing before the last byte arrived.
    const early = await tus.complete(practice.token, id, { sha256: 'a'.repeat(64) });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('UPLOAD_NOT_STORED');
  });

  it('refuses a file over the limit at creation with a clear message (413), and bytes beyond the announced length', async () => {
    const over = await tus.create(practice.token, 524_288_001);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'The file is larger than 500 MB' });
    expect((await tus.create(practice.token, 524_288_000)).statusCode).toBe(201);

    const id = idOf(await tus.create(practice.token, 100));
    const tooMuch = await tus.patch(practice.token, id, 0, randomBytes(200));
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toMatchObject({
      code: 'UPLOAD_BEYOND_LENGTH',
      message: 'More bytes arrived than the upload announced (100 bytes)',
    });
    expect((await tus.get(practice.token, id)).json()).toMatchObject({ status: 'uploading', offset: 0 });
  });

  it('answers OPTIONS with the tus capabilities', async () => {
    const response = await tus.options(practice.token);
    expect(response.statusCode).toBe(204);
    expect(response.headers['tus-version']).toBe('1.0.0');
    expect(response.headers['tus-max-size']).toBe('524288000');
    // Only what is served: no deferred length (the size is checked at the start), no expiry announced (the
    // clean-up removes unfinished uploads after a day), no concatenation, no checksums.
    expect(response.headers['tus-extension']).toBe('creation,creation-with-upload,termination');
  });

  it('cancels an upload in progress (staging file and record) and a stored one (object and record)', async () => {
    const data = randomBytes(500);
    const id = idOf(await tus.create(practice.token, data.length));
    expect((await tus.patch(practice.token, id, 0, data.subarray(0, 200))).statusCode).toBe(204);
    const cancelled = await tus.remove(practice.token, id);
    expect(cancelled.statusCode).toBe(204);
    expect((await tus.get(practice.token, id)).statusCode).toBe(404);
    expect((await readdir(ctx.deps.config.uploads.stagingDir)).filter((f) => f.startsWith(id))).toEqual([]);

    const verified = await verifiedUpload(practice);
    const [row] = await ctx.deps.db.select().from(uploads).where(eq(uploads.id, verified));
    expect((await tus.remove(practice.token, verified)).statusCode).toBe(204);
    expect(await ctx.deps.storage.head(row!.storageKey!)).toBeNull();
    expect((await tus.get(practice.token, verified)).statusCode).toBe(404);
  });

  it('lets a case consume a verified upload of its company once (consumeUpload)', async () => {
    const data = scanOfSize(20_000);
    const id = await verifiedUpload(practice, data);
    const taken = await ctx.deps.db.transaction((tx) =>
      consumeUpload(tx, { uploadId: id, companyId: practice.companyId }),
    );
    expect(taken).toMatchObject({
      id,
      fileName: 'Patient UpperJaw.stl',
      size: data.length,
      sha256: sha256(data),
      contentType: 'model/stl',
    });
    expect(taken.storageKey).toContain(`uploads/${practice.companyId}/${id}/`);
    expect((await tus.get(practice.token, id)).json()).toMatchObject({ status: 'consumed' });
    await expect(
      ctx.deps.db.transaction((tx) => consumeUpload(tx, { uploadId: id, companyId: practice.companyId })),
    ).rejects.toMatchObject({ code: 'UPLOAD_CONSUMED' });
    // A consumed upload is the case's now: it cannot be cancelled.
    expect((await tus.remove(practice.token, id)).json().code).toBe('UPLOAD_CONSUMED');

    const other = await verifiedUpload(practice);
    await expect(
      ctx.deps.db.transaction((tx) => consumeUpload(tx, { uploadId: other, companyId: stranger.companyId })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const unverified = idOf(await tus.create(practice.token, 10));
    await tus.patch(practice.token, unverified, 0, Buffer.from('abc'));
    await expect(
      ctx.deps.db.transaction((tx) => consumeUpload(tx, { uploadId: unverified, companyId: practice.companyId })),
    ).rejects.toMatchObject({ code: 'UPLOAD_NOT_VERIFIED' });
    // A rolled-back case leaves the upload verified.
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await consumeUpload(tx, { uploadId: other, companyId: practice.companyId });
        throw new Error('case failed');
      }),
    ).rejects.toThrow('case failed');
    expect((await tus.get(practice.token, other)).json().status).toBe('verified');
  });

  it('cleans up unfinished uploads after a day and unconsumed ones after a week', async () => {
    const fresh = idOf(await tus.create(practice.token, 10));
    const oldUnfinished = idOf(await tus.create(practice.token, 10));
    await tus.patch(practice.token, oldUnfinished, 0, Buffer.from('12345'));
    const oldVerified = await verifiedUpload(practice);
    const recentVerified = await verifiedUpload(practice);
    // A file refused when its last byte arrived (no scan) goes after a day too.
    const oldRefused = idOf(await tus.create(practice.token, 5));
    expect((await tus.patch(practice.token, oldRefused, 0, Buffer.from('hello'))).statusCode).toBe(422);
    const [verifiedRow] = await ctx.deps.db.select().from(uploads).where(eq(uploads.id, oldVerified));
    await ctx.deps.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(uploads.id, [oldUnfinished, oldRefused]));
    await ctx.deps.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '8 days'`, completedAt: sql`now() - interval '8 days'` })
      .where(eq(uploads.id, oldVerified));
    await ctx.deps.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '3 days'`, completedAt: sql`now() - interval '3 days'` })
      .where(eq(uploads.id, recentVerified));

    // Staging files of no upload in progress (a crash between row and file): removed once a day old.
    const stagingDir = ctx.deps.config.uploads.stagingDir;
    const orphan = randomUUID();
    const recentOrphan = randomUUID();
    for (const name of [orphan, `${orphan}.json`, recentOrphan]) await writeFile(path.join(stagingDir, name), 'x');
    const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const name of [orphan, `${orphan}.json`])
      await utimes(path.join(stagingDir, name), dayAndHourAgo, dayAndHourAgo);

    // The hourly job runs the clean-up.
    expect(uploadsModule.jobs).toContainEqual(
      expect.objectContaining({ name: 'uploads.clean-up', schedule: { cron: '41 * * * *' } }),
    );
    await uploadsModule.jobs[0]!.handler({}, ctx.deps);
    const again = await cleanUpUploads(ctx.deps);
    expect(again).toEqual({ rows: 0, stagingFiles: 0 });
    const left = (await ctx.deps.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(left).toContain(fresh);
    expect(left).toContain(recentVerified);
    expect(left).not.toContain(oldUnfinished);
    expect(left).not.toContain(oldRefused);
    expect(left).not.toContain(oldVerified);
    const staging = await readdir(ctx.deps.config.uploads.stagingDir);
    expect(staging.filter((f) => f.startsWith(oldUnfinished))).toEqual([]);
    expect(staging.filter((f) => f.startsWith(fresh))).toHaveLength(2);
    expect(staging.filter((f) => f.startsWith(orphan))).toEqual([]);
    expect(staging).toContain(recentOrphan);
    expect(await ctx.deps.storage.head(verifiedRow!.storageKey!)).toBeNull();
  });
});

// --- Another origin ------------------------------------------------------------------------------

describe('scan uploads from another origin (CORS_ORIGINS)', () => {
  let ctx: TestContext;
  let practice: Caller;
  const origin = 'https://portal.example.com';
  beforeAll(async () => {
    ctx = await createTestApp({ CORS_ORIGINS: origin });
    practice = await caller(ctx);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('answers the preflight for tus methods and headers, and exposes the tus headers to the page', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/uploads/0b9c5b9e-5a0e-4c7a-9a55-1f6b3f1d2a01',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, tus-resumable, upload-offset, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('upload-offset');

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...bearer(practice.token),
        ...TUS,
        origin,
        'upload-length': '3',
        'upload-metadata': `filename ${b64('upper.stl')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe(origin);
    const exposed = String(created.headers['access-control-expose-headers']);
    for (const header of ['Upload-Offset', 'Location', 'Tus-Resumable']) expect(exposed).toContain(header);
    expect(created.headers['x-request-id']).toBeTruthy();
    expect(created.headers['cache-control']).toBe('no-store');

    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...bearer(practice.token),
        ...TUS,
        origin: 'https://elsewhere.example',
        'upload-length': '3',
        'upload-metadata': `filename ${b64('upper.stl')}`,
      },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

// --- A real connection: a dropped upload resumes, and the body streams ---------------------------

describe('scan uploads over a real connection', () => {
  let ctx: TestContext;
  let practice: Caller;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp({ UPLOAD_MAX_BYTES: String(8 * 1024 * 1024) });
    practice = await caller(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => ctx?.close());

  const request = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(`${base}${url}`, { method, headers: { ...bearer(practice.token), ...TUS, ...headers }, body });

  it('keeps what arrived before the connection dropped, and takes the rest from the offset HEAD answers', async () => {
    const data = scanOfSize(6 * 1024 * 1024);
    const created = await request('POST', '/api/uploads', {
      'upload-length': String(data.length),
      'upload-metadata': `filename ${b64('scan_l.stl')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // Half the bytes on a PATCH that announced all of them, then the connection drops.
    await new Promise<void>((resolve) => {
      const req = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...bearer(practice.token),
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
        },
      });
      req.on('error', () => resolve());
      req.write(data.subarray(0, data.length / 2), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
    });

    let offset = -1;
    for (let attempt = 0; attempt < 50 && offset <= 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const head = await request('HEAD', location, {});
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(data.length / 2);

    const rest = await request(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      data.subarray(offset),
    );
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(data.length));
    const completed = await request(
      'POST',
      `${location}/complete`,
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ sha256: sha256(data) })),
    );
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({ status: 'verified', size: data.length });
  });

  it('lets a newer PATCH take over from one whose connection hangs: the older stops, the newer goes on from its end', async () => {
    const data = scanOfSize(2 * 1024 * 1024);
    const created = await request('POST', '/api/uploads', {
      'upload-length': String(data.length),
      'upload-metadata': `filename ${b64('lower.stl')}`,
    });
    const location = created.headers.get('location')!;
    const half = data.length / 2;
    // The first PATCH announces every byte, sends half and then nothing more (a stalled connection).
    const stalled = http.request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...bearer(practice.token),
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(data.length),
      },
    });
    const stalledEnd = new Promise<string>((resolve) => {
      stalled.on('error', (error) => resolve(`error ${error.message}`));
      stalled.on('response', (response) => resolve(`status ${response.statusCode}`));
    });
    stalled.write(data.subarray(0, half));
    let offset = -1;
    for (let attempt = 0; attempt < 50 && offset < half; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = Number((await request('HEAD', location, {})).headers.get('upload-offset'));
    }
    expect(offset).toBe(half);

    const rest = await request(
      'PATCH',
      location,
      { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      data.subarray(half),
    );
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(data.length));
    expect(await stalledEnd).toMatch(/^error /);
    const completed = await request(
      'POST',
      `${location}/complete`,
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ sha256: sha256(data) })),
    );
    expect(await completed.json()).toMatchObject({ status: 'verified', size: data.length });
  });

  it('stops a body that streams past the announced length (413) and keeps nothing beyond it', async () => {
    const created = await request('POST', '/api/uploads', {
      'upload-length': String(1024 * 1024),
      'upload-metadata': `filename ${b64('upper.stl')}`,
    });
    const location = created.headers.get('location')!;
    // No Content-Length: the limit holds while the bytes stream.
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512 * 1024));
        controller.close();
      },
    });
    const response = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...bearer(practice.token),
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    const id = location.split('/').pop()!;
    const size = (await stat(path.join(ctx.deps.config.uploads.stagingDir, id))).size;
    expect(size).toBeLessThanOrEqual(1024 * 1024);
  });

  it('refuses at creation what is over the configured limit, naming it', async () => {
    const response = await request('POST', '/api/uploads', {
      'upload-length': String(8 * 1024 * 1024 + 1),
      'upload-metadata': `filename ${b64('upper.stl')}`,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The file is larger than 8 MB');
  });
});
