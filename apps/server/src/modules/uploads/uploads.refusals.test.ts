// Every refusal of the tus endpoint (ADR 0100) in one table: the status the tus protocol names, the one error
// shape (JSON code, message, requestId) with the headers tus requires on every answer, and nothing written: no
// upload row and no staging file created or changed. Then a client that vanishes mid-PATCH: the server logs it
// as what it is (info), not as a server error.
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { ErrorCode } from '@cuspid/contracts';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  type TestContext,
} from '../../../test/setup-app';
import { scanOfSize } from '../../../test/uploads';
import { consumeUpload } from '.';
import { uploads } from './uploads.schema';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { 'content-type': 'application/offset+octet-stream' };
const MAX_BYTES = 524_288_000;

type Headers = Record<string, string>;
type Targets = {
  inProgress: string;
  stored: string;
  failed: string;
  refused: string;
  consumed: string;
  unstaged: string;
};

type Changes = Record<string, string | undefined>;

/** The headers with a value (a change to `undefined` removes one). */
const defined = (headers: Changes): Headers =>
  Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** A creation's headers, with `changes` set over them. */
const creation = (changes: Changes = {}) =>
  defined({
    ...TUS,
    'upload-length': '10',
    'upload-metadata': `filename ${b64('Patient UpperJaw.stl')},filetype ${b64('model/stl')}`,
    ...changes,
  });

/** A PATCH's headers at the in-progress upload's offset (4 of 10 bytes), with `changes` set over them. */
const patching = (changes: Changes = {}) => defined({ ...TUS, ...OCTETS, 'upload-offset': '4', ...changes });

type Refusal = {
  refusal: string;
  status: number;
  code: ErrorCode;
  request: (targets: Targets) => InjectOptions;
};

const post = (headers: Headers, payload?: InjectOptions['payload']): InjectOptions => ({
  method: 'POST',
  url: '/api/uploads',
  headers,
  ...(payload === undefined ? {} : { payload }),
});
const patch = (id: string, headers: Headers, payload: InjectOptions['payload'] = Buffer.from('ab')): InjectOptions => ({
  method: 'PATCH',
  url: `/api/uploads/${id}`,
  headers,
  payload,
});
const head = (id: string, headers: Headers = TUS): InjectOptions => ({
  method: 'HEAD',
  url: `/api/uploads/${id}`,
  headers,
});
const remove = (id: string, headers: Headers = TUS): InjectOptions => ({
  method: 'DELETE',
  url: `/api/uploads/${id}`,
  headers,
});
/** A body without Content-Length (chunked): its size is known only as it streams. */
const streamed = (size: number) => Readable.from([randomBytes(size)]);
const UNKNOWN = '0b9c5b9e-5a0e-4c7a-9a55-1f6b3f1d2a01';

const REFUSALS: Refusal[] = [
  // Creation (POST)
  {
    refusal: 'a creation without Tus-Resumable',
    status: 412,
    code: 'UPLOAD_TUS_VERSION_UNSUPPORTED',
    request: () => post(creation({ 'tus-resumable': undefined })),
  },
  {
    refusal: 'a creation in another tus version',
    status: 412,
    code: 'UPLOAD_TUS_VERSION_UNSUPPORTED',
    request: () => post(creation({ 'tus-resumable': '0.2.2' })),
  },
  {
    refusal: 'a partial upload (Upload-Concat, not offered)',
    status: 501,
    code: 'UPLOAD_EXTENSION_UNSUPPORTED',
    request: () => post(creation({ 'upload-concat': 'partial' })),
  },
  {
    refusal: 'a final upload of partial ones (Upload-Concat, not offered)',
    status: 501,
    code: 'UPLOAD_EXTENSION_UNSUPPORTED',
    request: () =>
      post(creation({ 'upload-length': undefined, 'upload-concat': `final;/api/uploads/${UNKNOWN} /api/uploads/x` })),
  },
  {
    refusal: 'a deferred length (Upload-Defer-Length, not offered)',
    status: 400,
    code: 'UPLOAD_LENGTH_REQUIRED',
    request: () => post(creation({ 'upload-length': undefined, 'upload-defer-length': '1' })),
  },
  {
    refusal: 'Upload-Length and Upload-Defer-Length together',
    status: 400,
    code: 'UPLOAD_LENGTH_REQUIRED',
    request: () => post(creation({ 'upload-defer-length': '1' })),
  },
  {
    refusal: 'a creation without Upload-Length',
    status: 400,
    code: 'UPLOAD_LENGTH_REQUIRED',
    request: () => post(creation({ 'upload-length': undefined })),
  },
  ...['-5', '1e3', '10 ', 'ten', '12345678901234567'].map(
    (length): Refusal => ({
      refusal: `Upload-Length "${length}"`,
      status: 400,
      code: 'BAD_REQUEST',
      request: () => post(creation({ 'upload-length': length })),
    }),
  ),
  {
    refusal: 'an empty file (Upload-Length 0)',
    status: 400,
    code: 'BAD_REQUEST',
    request: () => post(creation({ 'upload-length': '0' })),
  },
  {
    refusal: 'a file over the limit',
    status: 413,
    code: 'UPLOAD_TOO_LARGE',
    request: () => post(creation({ 'upload-length': String(MAX_BYTES + 1) })),
  },
  ...[
    ['a key twice', `filename ${b64('a.stl')},filename ${b64('b.stl')}`],
    ['a value that is not base64', 'filename upper.stl'],
    ['a value with a space in it', `filename ${b64('a.stl')} x`],
    ['an empty key', `filename ${b64('a.stl')}, ${b64('x')}`],
    ['a key beyond ASCII', `filename ${b64('a.stl')},näme ${b64('x')}`],
    ['an empty header', ''],
  ].map(
    ([what, metadata]): Refusal => ({
      refusal: `Upload-Metadata with ${what}`,
      status: 400,
      code: 'BAD_REQUEST',
      // An empty header is sent as a single space (light-my-request drops an empty one).
      request: () => post(creation({ 'upload-metadata': metadata || ' ' })),
    }),
  ),
  {
    refusal: 'a creation that names no file',
    status: 400,
    code: 'BAD_REQUEST',
    request: () => post(creation({ 'upload-metadata': `filetype ${b64('model/stl')}` })),
  },
  {
    refusal: 'a file that is not a scan',
    status: 400,
    code: 'BAD_REQUEST',
    request: () => post(creation({ 'upload-metadata': `filename ${b64('notes.pdf')}` })),
  },
  {
    refusal: 'a 3Shape DCM (named .dcm), with what to export instead',
    status: 422,
    code: 'UPLOAD_SCAN_DCM',
    request: () => post(creation({ 'upload-metadata': `filename ${b64('Patient UpperJaw.dcm')}` })),
  },
  {
    refusal: 'a creation with data whose Content-Length passes Upload-Length',
    status: 413,
    code: 'UPLOAD_BEYOND_LENGTH',
    request: () => post(creation({ ...OCTETS, 'upload-length': '5' }), randomBytes(7)),
  },
  {
    refusal: 'a creation with data that streams past Upload-Length',
    status: 413,
    code: 'UPLOAD_BEYOND_LENGTH',
    request: () => post(creation({ ...OCTETS, 'upload-length': '5' }), streamed(7)),
  },
  {
    refusal: 'a creation with data and a checksum (Upload-Checksum, not offered)',
    status: 400,
    code: 'BAD_REQUEST',
    request: () =>
      post(creation({ ...OCTETS, 'upload-length': '2', 'upload-checksum': `sha1 ${b64('x'.repeat(20))}` }), 'ab'),
  },
  // Bytes (PATCH)
  {
    refusal: 'a PATCH without Tus-Resumable',
    status: 412,
    code: 'UPLOAD_TUS_VERSION_UNSUPPORTED',
    request: (t) => patch(t.inProgress, patching({ 'tus-resumable': undefined })),
  },
  {
    refusal: 'a PATCH in another tus version',
    status: 412,
    code: 'UPLOAD_TUS_VERSION_UNSUPPORTED',
    request: (t) => patch(t.inProgress, patching({ 'tus-resumable': '2.0.0' })),
  },
  {
    refusal: 'a PATCH of another content type',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    request: (t) => patch(t.inProgress, patching({ 'content-type': 'application/octet-stream' })),
  },
  {
    refusal: 'a PATCH without Upload-Offset',
    status: 400,
    code: 'BAD_REQUEST',
    request: (t) => patch(t.inProgress, patching({ 'upload-offset': undefined })),
  },
  ...['-1', '4.0', 'x'].map(
    (offset): Refusal => ({
      refusal: `a PATCH at Upload-Offset "${offset}"`,
      status: 400,
      code: 'BAD_REQUEST',
      request: (t) => patch(t.inProgress, patching({ 'upload-offset': offset })),
    }),
  ),
  {
    refusal: 'a PATCH at a stale offset',
    status: 409,
    code: 'UPLOAD_OFFSET_MISMATCH',
    request: (t) => patch(t.inProgress, patching({ 'upload-offset': '0' })),
  },
  {
    refusal: 'a PATCH whose Content-Length passes the announced length',
    status: 413,
    code: 'UPLOAD_BEYOND_LENGTH',
    request: (t) => patch(t.inProgress, patching(), randomBytes(7)),
  },
  {
    refusal: 'a PATCH that streams past the announced length',
    status: 413,
    code: 'UPLOAD_BEYOND_LENGTH',
    request: (t) => patch(t.inProgress, patching(), streamed(7)),
  },
  {
    refusal: 'a PATCH announcing more than the limit',
    status: 413,
    code: 'UPLOAD_TOO_LARGE',
    request: (t) => patch(t.inProgress, patching({ 'content-length': String(MAX_BYTES + 1) })),
  },
  {
    refusal: 'a PATCH declaring a length (Upload-Length, no deferred lengths)',
    status: 400,
    code: 'BAD_REQUEST',
    request: (t) => patch(t.inProgress, patching({ 'upload-length': '10' })),
  },
  {
    refusal: 'a PATCH with a checksum (Upload-Checksum, not offered)',
    status: 400,
    code: 'BAD_REQUEST',
    request: (t) => patch(t.inProgress, patching({ 'upload-checksum': `sha1 ${b64('x'.repeat(20))}` })),
  },
  {
    refusal: 'a PATCH to an upload that does not exist',
    status: 404,
    code: 'NOT_FOUND',
    request: () => patch(UNKNOWN, patching()),
  },
  {
    refusal: 'a PATCH to a stored upload',
    status: 409,
    code: 'UPLOAD_NOT_IN_PROGRESS',
    request: (t) => patch(t.stored, patching({ 'upload-offset': '3' })),
  },
  {
    refusal: 'a PATCH to an upload refused as no scan',
    status: 409,
    code: 'UPLOAD_NOT_IN_PROGRESS',
    request: (t) => patch(t.refused, patching({ 'upload-offset': '3' })),
  },
  // Offset (HEAD): an answer without a body, so its shape shows in its content type only.
  {
    refusal: 'a HEAD without Tus-Resumable',
    status: 412,
    code: 'UPLOAD_TUS_VERSION_UNSUPPORTED',
    request: (t) => head(t.inProgress, {}),
  },
  { refusal: 'a HEAD of an upload that does not exist', status: 404, code: 'NOT_FOUND', request: () => head(UNKNOWN) },
  {
    refusal: 'a HEAD of an upload whose staging file is gone',
    status: 404,
    code: 'NOT_FOUND',
    request: (t) => head(t.unstaged),
  },
  { refusal: 'a HEAD of a failed upload', status: 410, code: 'UPLOAD_GONE', request: (t) => head(t.failed) },
  { refusal: 'a HEAD of a consumed upload', status: 410, code: 'UPLOAD_GONE', request: (t) => head(t.consumed) },
  // Cancelling (DELETE)
  {
    refusal: 'a DELETE without Tus-Resumable',
    status: 412,
    code: 'UPLOAD_TUS_VERSION_UNSUPPORTED',
    request: (t) => remove(t.inProgress, {}),
  },
  {
    refusal: 'a DELETE of an upload that does not exist',
    status: 404,
    code: 'NOT_FOUND',
    request: () => remove(UNKNOWN),
  },
  {
    refusal: 'a DELETE of an upload a case took',
    status: 409,
    code: 'UPLOAD_CONSUMED',
    request: (t) => remove(t.consumed),
  },
];

describe('refusals of the tus endpoint', () => {
  let ctx: TestContext;
  let token: string;
  let companyId: string;
  const targets = {} as Targets;
  const inject = (options: InjectOptions) =>
    ctx.app.inject({ remoteAddress: randomAddress(), ...options, headers: { ...bearer(token), ...options.headers } });
  const create = async (size: number) => {
    const created = await inject(post(creation({ 'upload-length': String(size) })));
    expect(created.statusCode, created.body).toBe(201);
    return String(created.headers.location).split('/').pop()!;
  };
  const send = async (id: string, offset: number, bytes: Buffer) =>
    expect((await inject(patch(id, patching({ 'upload-offset': String(offset) }), bytes))).statusCode).toBe(204);

  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
    companyId = user.companyId;
    token = (await loginAs(ctx.app, user.mail)).token;
    targets.inProgress = await create(10);
    await send(targets.inProgress, 0, Buffer.from('1234'));
    // Finished uploads hold scans: anything else is refused when its last byte arrives.
    const scan = scanOfSize(1000);
    targets.stored = await create(scan.length);
    await send(targets.stored, 0, scan);
    targets.failed = await create(scan.length);
    await send(targets.failed, 0, scan);
    const mismatch = await inject({
      method: 'POST',
      url: `/api/uploads/${targets.failed}/complete`,
      payload: { sha256: '0'.repeat(64) },
    });
    expect(mismatch.statusCode).toBe(422);
    targets.refused = await create(3);
    expect((await inject(patch(targets.refused, patching({ 'upload-offset': '0' }), 'abc'))).statusCode).toBe(422);
    targets.consumed = await create(scan.length);
    await send(targets.consumed, 0, scan);
    const [consumed] = await ctx.deps.db.select().from(uploads).where(eq(uploads.id, targets.consumed));
    const completed = await inject({
      method: 'POST',
      url: `/api/uploads/${targets.consumed}/complete`,
      payload: { sha256: consumed!.sha256! },
    });
    expect(completed.statusCode).toBe(200);
    await ctx.deps.db.transaction((tx) => consumeUpload(tx, { uploadId: targets.consumed, companyId }));
    // An upload in progress whose staging file went missing (a crash, a disk replaced): the record alone remains.
    targets.unstaged = await create(10);
    for (const name of [targets.unstaged, `${targets.unstaged}.json`]) {
      await rm(path.join(ctx.deps.config.uploads.stagingDir, name));
    }
  }, 60_000);
  afterAll(() => ctx?.close());

  /** The company's upload rows and the staging folder (names, sizes, times): what a refusal must leave alone. */
  async function written() {
    const rows = await ctx.deps.db
      .select()
      .from(uploads)
      .where(eq(uploads.companyId, companyId))
      .orderBy(asc(uploads.id));
    const stagingDir = ctx.deps.config.uploads.stagingDir;
    const files = await Promise.all(
      (await readdir(stagingDir)).sort().map(async (name) => {
        const { size, mtimeMs } = await stat(path.join(stagingDir, name));
        return { name, size, mtimeMs };
      }),
    );
    return { rows, files };
  }

  it.each(REFUSALS)('refuses $refusal: $status $code, nothing written', async ({ request, status, code }) => {
    const options = request(targets);
    const before = await written();
    const response = await inject(options);

    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['tus-resumable']).toBe('1.0.0');
    if (status === 412) expect(response.headers['tus-version']).toBe('1.0.0');
    if (options.method !== 'HEAD') {
      const body = response.json();
      expect(body).toMatchObject({ code, message: expect.any(String), requestId: response.headers['x-request-id'] });
      expect(Object.keys(body).filter((key) => !['code', 'message', 'params', 'requestId'].includes(key))).toEqual([]);
    }
    expect(await written()).toEqual(before);
  });

  it('passes tus only the headers it checked: one tus does not need refuses nothing', async () => {
    const created = await inject(post(creation({ 'x-forwarded-proto': 'gopher', 'upload-offset': 'x' })));
    expect(created.statusCode, created.body).toBe(201);
  });
});

// --- A client that vanishes mid-PATCH ------------------------------------------------------------

type LogLine = { level: number; msg: string; reqId?: string; req?: { method?: string; url?: string } };

describe('a client that vanishes mid-PATCH', () => {
  let ctx: TestContext;
  let token: string;
  let base: string;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        callback();
      },
    });
    ctx = await createTestApp({}, { logger: pino({ level: 'info' }, sink) });
    const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
    token = (await loginAs(ctx.app, user.mail)).token;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => ctx?.close());

  const offsetOf = async (location: string) => {
    const response = await fetch(`${base}${location}`, { method: 'HEAD', headers: { ...bearer(token), ...TUS } });
    return Number(response.headers.get('upload-offset'));
  };

  /**
   * The lines logged for a request once the server has dealt with it: the first line after 'incoming request',
   * and whatever follows within a moment (a response that can no longer be sent is not logged as completed).
   */
  async function linesOf(method: string, location: string): Promise<LogLine[]> {
    const reqId = lines.find((line) => line.req?.method === method && line.req.url === location)?.reqId;
    expect(reqId).toBeTruthy();
    const dealtWith = () => lines.some((line) => line.reqId === reqId && line.msg !== 'incoming request');
    for (let attempt = 0; attempt < 100 && !dealtWith(); attempt++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    return lines.filter((line) => line.reqId === reqId);
  }

  it('logs the dropped connection at info, keeps what arrived, and logs no error', async () => {
    const data = randomBytes(4 * 1024 * 1024);
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        ...TUS,
        'upload-length': String(data.length),
        'upload-metadata': `filename ${b64('lower.stl')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // Half the bytes on a PATCH that announced all of them; once they are on disk, the connection drops.
    const dropped = http.request(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...bearer(token), ...TUS, ...OCTETS, 'upload-offset': '0', 'content-length': String(data.length) },
    });
    dropped.on('error', () => undefined);
    dropped.write(data.subarray(0, data.length / 2));
    let offset = 0;
    for (let attempt = 0; attempt < 100 && offset < data.length / 2; attempt++) {
      await new Promise((r) => setTimeout(r, 50));
      offset = await offsetOf(location);
    }
    expect(offset).toBe(data.length / 2);
    dropped.destroy();

    const logged = await linesOf('PATCH', location);
    expect(logged.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 30, msg: expect.stringMatching(/stopped sending/) }),
    );
    expect(await offsetOf(location)).toBe(data.length / 2);
  });
});
