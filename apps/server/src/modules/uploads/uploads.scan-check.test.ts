// The check of a scan when its last byte arrives (ADR 0100): what is no scan that can be processed is refused right
// there, with the reason, in the error shape; the upload says why (GET, completion, HEAD lets a tus client learn it),
// and a case cannot take it: refused before it is priced, with no credit moved. Scans of every format pass.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeObj, writePly } from '@cuspid/mesh';
import { jawFixture, jawFixtureStl } from '@cuspid/mesh/testing';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  type TestContext,
} from '../../../test/setup-app';
import { cases } from '../cases/cases.schema';
import { addCredits, readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { checkStagedScan } from './uploads.scan-check';
import { checkScanHere, SCAN_CHECK_LIMITS } from './uploads.scan-sample';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const TUS = { 'tus-resumable': '1.0.0' };
const text = (s: string) => Buffer.from(s, 'utf8');

/** A PNG's signature and header chunk, then image bytes: a photo of the patient, renamed `.stl`. */
const png = (size: number) => {
  const bytes = Buffer.alloc(size, 0x5a);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(bytes);
  return bytes;
};

/** A binary STL whose count declares 2,000 triangles, cut after 500 of them (an upload of half a file). */
const cutShortStl = () => Buffer.from(jawFixtureStl({ triangles: 2000 })).subarray(0, 84 + 50 * 500 + 17);

/** What 3Shape's scanner software saves: HPS XML around a packed, encrypted mesh. */
const DCM = text(
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<HPS version="1.1">\r\n  <Packed_geometry>\r\n    <Schema>CE</Schema>\r\n' +
    '    <Binary_data><CE version="1.0"><Vertices base64_encoded_bytes="36" vertex_count="3">' +
    'AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA</Vertices></CE></Binary_data>\r\n  </Packed_geometry>\r\n</HPS>\r\n',
);

const jaw = jawFixture({ jaw: 'upper', triangles: 4000 }).mesh;

let ctx: TestContext;
let token: string;
let companyId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
  token = (await loginAs(ctx.app, user.mail)).token;
  companyId = user.companyId;
  await ctx.deps.db.transaction((tx) =>
    addCredits(tx, { companyId, creditType: 'paid', amount: 1000, reason: 'manual_grant' }),
  );
}, 60_000);
afterAll(() => ctx?.close());

const inject = (options: InjectOptions) =>
  ctx.app.inject({ remoteAddress: randomAddress(), ...options, headers: { ...bearer(token), ...options.headers } });

/** Starts an upload of `bytes` named `fileName` and sends all of them in one PATCH: the answer to the last byte. */
async function upload(bytes: Uint8Array, fileName: string) {
  const created = await inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${b64(fileName)}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = String(created.headers.location).split('/').pop()!;
  const sent = await inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from(bytes),
  });
  return { id, sent };
}

const complete = (id: string, bytes: Uint8Array) =>
  inject({ method: 'POST', url: `/api/uploads/${id}/complete`, payload: { sha256: sha256(bytes) } });

const submitCase = (upperUploadId: string) =>
  inject({
    method: 'POST',
    url: '/api/case-lists',
    payload: { name: 'Crown 11', patient: 'P-17', upper_teeth: [11], lower_teeth: [], upper_upload_id: upperUploadId },
  });

const ledger = () => ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.companyId, companyId));

describe('a scan that cannot be processed, refused when its upload completes', () => {
  it.each([
    {
      file: 'a PNG renamed .stl',
      bytes: png(4096),
      name: 'Patient UpperJaw.stl',
      code: 'UPLOAD_NOT_A_SCAN',
      message: 'Not a scan file: Patient UpperJaw.stl is not an STL, PLY or OBJ mesh',
    },
    {
      file: 'a binary STL cut short (its count declares more triangles than its bytes hold)',
      bytes: cutShortStl(),
      name: 'UpperJaw.stl',
      code: 'UPLOAD_SCAN_CUT_SHORT',
      message:
        'UpperJaw.stl is cut short: the STL file ends before all the triangles it declares. Please upload the complete file.',
    },
    {
      file: 'an OBJ without vertices or faces',
      bytes: text('# Exported by the scanner\no UpperJaw\n'),
      name: 'UpperJaw.obj',
      code: 'UPLOAD_SCAN_EMPTY',
      message: 'UpperJaw.obj holds no surface: the OBJ file has no triangles',
    },
    {
      file: 'a 3Shape DCM renamed .stl',
      bytes: DCM,
      name: 'UpperJaw.stl',
      code: 'UPLOAD_SCAN_DCM',
      message: "DCM is 3Shape's encrypted format: export the scan as STL or PLY from your scanner software",
    },
    {
      file: 'a PNG of 2 MB (checked in a worker thread)',
      bytes: png(2 * 1024 * 1024),
      name: 'UpperJaw.stl',
      code: 'UPLOAD_NOT_A_SCAN',
      message: 'Not a scan file: UpperJaw.stl is not an STL, PLY or OBJ mesh',
    },
  ])('refuses $file with the reason, and no case can be charged for it', async ({ bytes, name, code, message }) => {
    const { id, sent } = await upload(bytes, name);
    // The last byte is answered with the refusal, in the error shape and as a final error for a tus client.
    expect(sent.statusCode, sent.body).toBe(422);
    expect(sent.headers['tus-resumable']).toBe('1.0.0');
    expect(sent.json()).toMatchObject({ code, message, requestId: expect.any(String) });

    // The upload says why; the browser's completion gets the same answer; HEAD tells a tus client that every byte
    // arrived (one that missed the answer completes and learns the reason, instead of sending the file again).
    const record = (await inject({ method: 'GET', url: `/api/uploads/${id}` })).json();
    expect(record).toMatchObject({ status: 'refused', failure_reason: message, offset: bytes.length, sha256: null });
    const completed = await complete(id, bytes);
    expect(completed.statusCode).toBe(422);
    expect(completed.json()).toMatchObject({ code, message });
    const head = await inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: TUS });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));

    // A case with it is refused before anything is priced or charged.
    const ledgerBefore = await ledger();
    const balanceBefore = await readBalances(ctx.deps.db, companyId);
    const submitted = await submitCase(id);
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(submitted.json()).toMatchObject({
      code: 'CASE_UPLOAD_UNUSABLE',
      message: `The upper jaw upload cannot be used: ${message}`,
      errors: { upper_upload_id: [message] },
    });
    expect(await ledger()).toEqual(ledgerBefore);
    expect(await readBalances(ctx.deps.db, companyId)).toEqual(balanceBefore);
    expect(await ctx.deps.db.select().from(cases).where(eq(cases.companyId, companyId))).toEqual([]);
  });

  it('refuses a DCM by its name when the upload starts, with what to export instead', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, 'upload-length': '1000', 'upload-metadata': `filename ${b64('Smith UpperJaw.dcm')}` },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({
      code: 'UPLOAD_SCAN_DCM',
      message: "DCM is 3Shape's encrypted format: export the scan as STL or PLY from your scanner software",
    });
  });
});

describe('scans that can be processed', () => {
  it.each([
    { file: 'a binary STL', bytes: jawFixtureStl({ jaw: 'upper', triangles: 4000 }), name: 'UpperJaw.stl' },
    { file: 'a binary PLY', bytes: writePly(jaw, { binary: true }), name: 'UpperJaw.ply' },
    { file: 'an ASCII PLY', bytes: writePly(jaw, { binary: false }), name: 'UpperJaw.ply' },
    { file: 'an OBJ', bytes: writeObj(jaw), name: 'UpperJaw.obj' },
    {
      file: 'a binary STL of 1.5 MB (checked in a worker thread)',
      bytes: jawFixtureStl({ jaw: 'upper', triangles: 30_000 }),
      name: 'UpperJaw.stl',
    },
  ])('accepts $file, and a case takes it', async ({ bytes, name }) => {
    const { id, sent } = await upload(bytes, name);
    expect(sent.statusCode, sent.body).toBe(204);
    const completed = await complete(id, bytes);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'verified', failure_reason: null });
    const submitted = await submitCase(id);
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json().credits_spent).toBeGreaterThan(0);
  });
});

describe('the check in a worker thread', () => {
  it('answers what the check in this thread answers; one that does not answer in time is stopped', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-scan-check-'));
    try {
      const file = path.join(dir, 'staged');
      const bytes = cutShortStl();
      await writeFile(file, bytes);
      const inWorker = { ...SCAN_CHECK_LIMITS, inThreadBytes: 0 };
      const answer = await checkStagedScan(file, 'UpperJaw.stl', bytes.length, inWorker);
      expect(answer).toMatchObject({ ok: false, reason: 'CUT_SHORT', format: 'stl-binary' });
      expect(answer).toEqual(await checkScanHere(file, 'UpperJaw.stl', bytes.length, inWorker));
      // The upload's service lets a file through when its check cannot answer (it refuses only what it found).
      await expect(
        checkStagedScan(file, 'UpperJaw.stl', bytes.length, { ...inWorker, workerTimeoutMs: 1 }),
      ).rejects.toThrow('did not answer within 1 ms');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
