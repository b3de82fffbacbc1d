import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { EngineJob } from '@cuspid/contracts/cases';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase, tetrahedronStl } from '../../../test/cases';
import { multipart } from '../../../test/docx';
import {
  apiKeyTokenFor,
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  type TestContext,
} from '../../../test/setup-app';
import type { Deps } from '../../deps';
import { createEngineRegistry } from '../../lib/engines';
import { auditLog } from '../audit-log/audit-log.schema';
import { processCase } from '../cases/cases.processing';
import { caseResults, cases } from '../cases/cases.schema';
import {
  createExternalEngine,
  engineJobId,
  signEngineBody,
  verifyEngineSignature,
} from '../cases/engines/external-engine';
import { ledgerMismatches, readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { findOperatorCompany } from '../users';
import { failOverdueRuns } from './case-results.engine-service';

const SECRET = 'engine-signing-secret-for-the-tests-0123456789';
const MAX_FILE = 64 * 1024;

// --- A small engine on 127.0.0.1: takes signed jobs, downloads the scans, answers through the API -----------

type Mode = 'work' | 'fail' | 'drop' | 'hang';
type Received = { job: EngineJob; signatureOk: boolean };

const engine = {
  mode: 'work' as Mode,
  /** The access token of the engine's API key (set once the key exists). */
  token: '',
  received: [] as Received[],
  /** Per case: released by the test, then the engine works; resolves with what the API answered. */
  gates: new Map<string, { release: () => void; done: Promise<EngineWork> }>(),
};

type EngineWork = {
  downloads: { jaw: string; sha256: string; size: number; matches: boolean }[];
  saved: { status: number; body: Record<string, unknown> };
  reported: { status: number; body: Record<string, unknown> };
  files: { name: string; content: Buffer }[];
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What a real engine does with a job: verify the scans, save a result with two files, report done. */
async function work(job: EngineJob): Promise<EngineWork> {
  const downloads = [];
  for (const jaw of job.jaws) {
    const response = await fetch(jaw.url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    downloads.push({
      jaw: jaw.jaw,
      sha256: sha256(bytes),
      size: bytes.length,
      matches: response.ok && sha256(bytes) === jaw.sha256 && bytes.length === jaw.size,
    });
  }
  const files = [
    { name: 'upper-crown.stl', content: tetrahedronStl(7) },
    { name: 'report.json', content: Buffer.from(JSON.stringify({ case: job.case_id, crowns: 2 })) },
  ];
  const form = new FormData();
  form.append('case_id', job.case_id);
  form.append('job_id', job.job_id);
  form.append('note', 'Two crowns');
  form.append(
    'manifest',
    JSON.stringify([
      { file_name: 'upper-crown.stl', kind: 'mesh', jaw: 'upper' },
      { file_name: 'report.json', kind: 'report' },
    ]),
  );
  for (const file of files) form.append('file', new Blob([file.content]), file.name);
  const auth = { authorization: `Bearer ${engine.token}` };
  const saveResponse = await fetch(`${job.api_base_url}/save-results`, { method: 'POST', body: form, headers: auth });
  const saved = { status: saveResponse.status, body: (await saveResponse.json()) as Record<string, unknown> };
  const reportResponse = await fetch(`${job.api_base_url}/case-results/${job.case_id}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      job_id: job.job_id,
      status: 'done',
      jaws: job.jaws.map((j) => ({ jaw: j.jaw, status: 'done' })),
    }),
  });
  const reported = { status: reportResponse.status, body: (await reportResponse.json()) as Record<string, unknown> };
  return { downloads, saved, reported, files };
}

function startEngine(): Promise<Server> {
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (engine.mode === 'hang') {
      // Never answers: the sender gives up at its timeout (the socket closes with the server).
      return;
    }
    if (engine.mode === 'drop') {
      request.socket.destroy();
      return;
    }
    if (engine.mode === 'fail') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('engine overloaded');
      return;
    }
    const signatureOk = verifyEngineSignature(SECRET, request.headers['cuspid-signature'] as string, raw);
    if (!signatureOk) {
      response.writeHead(401).end('bad signature');
      return;
    }
    const job = JSON.parse(raw.toString('utf8')) as EngineJob;
    engine.received.push({ job, signatureOk });
    response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    engine.gates.set(job.case_id, { release, done: gate.then(() => work(job)) });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// --- The app, its users and keys ---------------------------------------------------------------------

let ctx: TestContext;
let engineServer: Server;
let adminToken: string;
let engineKey: string;
let customer: { companyId: string; userId: string; token: string };
/** A key of a customer's user who holds the engine permission (not staff). */
let customerEngineKey: string;
/** Back-office staff holding the case permissions but not the engine's. */
let staffToken: string;
/** A key of a second engine account (another engine vendor, say). */
let otherEngineKey: string;

const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: randomAddress(),
  });
const upload = (url: string, body: ReturnType<typeof multipart>, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    remoteAddress: randomAddress(),
  });

const keyFor = (ownerId: string, scopes: string[]) =>
  apiKeyTokenFor(ctx.app, adminToken, { name: 'Engine key', scopes, owner_id: ownerId });

beforeAll(async () => {
  engineServer = await startEngine();
  const enginePort = (engineServer.address() as AddressInfo).port;
  const appPort = await freePort();
  ctx = await createTestApp({
    CASE_ENGINE: 'external',
    ENGINE_URL: `http://127.0.0.1:${enginePort}/jobs`,
    ENGINE_SIGNING_SECRET: SECRET,
    ENGINE_LINK_SECONDS: '300',
    ENGINE_TIMEOUT_MINUTES: '60',
    ENGINE_RESULT_MAX_BYTES: String(MAX_FILE),
    CASE_PROCESSING_ATTEMPTS: '3',
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
  });
  await ctx.app.listen({ port: appPort, host: '127.0.0.1' });
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  const operator = (await findOperatorCompany(ctx.deps.db))!;
  const engineUser = await createTestUser(ctx.deps, { companyId: operator.id, roles: ['engine'] });
  engineKey = await keyFor(engineUser.id, ['backoffice-case-engine']);
  engine.token = engineKey;
  const otherEngineUser = await createTestUser(ctx.deps, { companyId: operator.id, roles: ['engine'] });
  otherEngineKey = await keyFor(otherEngineUser.id, ['backoffice-case-engine']);
  const practice = await createTestUser(ctx.deps, { roles: ['end-user'] });
  customer = {
    companyId: practice.companyId,
    userId: practice.id,
    token: (await loginAs(ctx.app, practice.mail)).token,
  };
  const sneaky = await createTestUser(ctx.deps, { companyId: practice.companyId, roles: ['end-user', 'engine'] });
  customerEngineKey = await keyFor(sneaky.id, ['backoffice-case-engine']);
  const staff = await createTestUser(ctx.deps, { companyId: operator.id, roles: ['service-partner'] });
  staffToken = (await loginAs(ctx.app, staff.mail)).token;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => engineServer?.close(resolve));
});

// --- Helpers -------------------------------------------------------------------------------------------

const caseOf = async (id: string) => (await ctx.deps.db.select().from(cases).where(eq(cases.id, id)))[0]!;
const logsOf = async (id: string) =>
  ((await inject('GET', `/api/case-logs/${id}`, adminToken)).json().data as { message: string; to_status: string }[])
    .slice()
    .reverse();
/** The result objects in local storage for a case (temporary files of a write included). */
async function storedResultObjects(caseId: string): Promise<string[]> {
  const storage = ctx.deps.config.storage;
  if (storage.driver !== 'local') throw new Error('the tests use local storage');
  const folder = path.join(storage.root, 'objects', 'cases', caseId, 'results');
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}
const ledgerOf = (caseId: string) => ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.caseId, caseId));

/** A case the external engine is processing (run `run`), charged `credits`. */
async function caseInEngine(options: { credits?: number; run?: number; startedAt?: Date; companyId?: string } = {}) {
  const made = await createTestCase(ctx.deps, {
    companyId: options.companyId ?? customer.companyId,
    createdBy: options.companyId ? null : customer.userId,
    status: 'in-progress',
    ...(options.credits ? { credits: options.credits } : {}),
  });
  await ctx.deps.db
    .update(cases)
    .set({ engine: 'external', processingRun: options.run ?? 1, processingStartedAt: options.startedAt ?? new Date() })
    .where(eq(cases.id, made.id));
  return made.id;
}

const saveBody = (caseId: string, extra: { name: string; value: string }[] = [], content = tetrahedronStl()) =>
  multipart([{ name: 'case_id', value: caseId }, ...extra, { name: 'file', fileName: 'crown.stl', content }]);

// --- Tests ---------------------------------------------------------------------------------------------

describe('the job signature', () => {
  it('verifies a signed body and refuses a changed body, another secret, an old or a malformed header', () => {
    const body = JSON.stringify({ job_id: 'x', case_id: randomUUID() });
    const header = signEngineBody(SECRET, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyEngineSignature(SECRET, header, body)).toBe(true);
    expect(verifyEngineSignature(SECRET, header, Buffer.from(body))).toBe(true);
    expect(verifyEngineSignature(SECRET, header, `${body} `)).toBe(false);
    expect(verifyEngineSignature(`${SECRET}x`, header, body)).toBe(false);
    const old = signEngineBody(SECRET, body, Math.floor(Date.now() / 1000) - 3600);
    expect(verifyEngineSignature(SECRET, old, body)).toBe(false);
    expect(verifyEngineSignature(SECRET, 'v1=abc', body)).toBe(false);
    expect(verifyEngineSignature(SECRET, undefined, body)).toBe(false);
  });
});

describe('processing by the external engine', () => {
  it('sends a signed job; the engine downloads the scans, saves a result with two files and reports done', async () => {
    engine.mode = 'work';
    const made = await createTestCase(ctx.deps, {
      companyId: customer.companyId,
      createdBy: customer.userId,
      status: 'queued',
      credits: 3,
    });
    const before = await readBalances(ctx.deps.db, customer.companyId);

    await processCase(ctx.deps, { caseId: made.id, run: 1 });
    const sent = engine.received.find((r) => r.job.case_id === made.id)!;
    expect(sent.signatureOk).toBe(true);
    expect(sent.job).toMatchObject({
      job_id: engineJobId(made.id, 1),
      attempt: 1,
      upper_teeth: [11, 21],
      lower_teeth: [36],
      api_base_url: `${ctx.deps.config.publicUrl}/api`,
    });
    expect(sent.job.jaws.map((j) => j.jaw).sort()).toEqual(['lower', 'upper']);
    const expiresIn = Date.parse(sent.job.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(200_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    expect((await caseOf(made.id)).status).toBe('in-progress');

    const gate = engine.gates.get(made.id)!;
    gate.release();
    const done = await gate.done;
    expect(done.downloads).toHaveLength(2);
    expect(done.downloads.every((d) => d.matches)).toBe(true);
    expect(done.saved.status, JSON.stringify(done.saved.body)).toBe(200);
    expect(done.reported.status, JSON.stringify(done.reported.body)).toBe(200);
    expect(done.reported.body).toMatchObject({ status: 'in-approval', engine: 'external', result_count: 1 });

    // The customer sees the result and downloads each file with the bytes the engine sent.
    const results = await inject('GET', `/api/get-multiple-results/${made.id}`, customer.token);
    expect(results.statusCode).toBe(200);
    const [result] = results.json().data as {
      version: number;
      status: string;
      engine: string;
      note: string;
      files: { id: string; file_name: string; kind: string; jaw: string | null; sha256: string; size: number }[];
    }[];
    expect(result).toMatchObject({ version: 1, status: 'done', engine: 'external', note: 'Two crowns' });
    expect(result!.files.map((f) => [f.file_name, f.kind, f.jaw])).toEqual([
      ['upper-crown.stl', 'mesh', 'upper'],
      ['report.json', 'report', null],
    ]);
    for (const file of result!.files) {
      const sentFile = done.files.find((f) => f.name === file.file_name)!;
      expect(file).toMatchObject({ sha256: sha256(sentFile.content), size: sentFile.content.length });
      const download = await inject('GET', `/api/case-result-files/${file.id}/download`, customer.token);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(sentFile.content)).toBe(true);
    }

    // The history shows each step, the audit trail the engine's key.
    const logs = await logsOf(made.id);
    expect(logs.filter((l) => l.to_status).map((l) => l.to_status)).toEqual(['in-progress', 'done', 'in-approval']);
    const messages = logs.map((l) => l.message).join('\n');
    expect(messages).toContain('Processing started (external engine)');
    expect(messages).toContain('Sent to the external engine');
    expect(messages).toContain('Result 1 saved by the engine (2 files, done)');
    const audits = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'case-result'), eq(auditLog.action, 'create')));
    const audit = audits.find((a) => (a.changes as Record<string, { new?: unknown }>).case_id?.new === made.id);
    expect(audit?.actorApiKeyId).toBeTruthy();

    // Credits: spent once, never refunded.
    const ledger = await ledgerOf(made.id);
    expect(ledger.map((e) => [e.reason, e.amount])).toEqual([['case_submission', -3]]);
    expect(await readBalances(ctx.deps.db, customer.companyId)).toEqual(before);
    expect(await ledgerMismatches(ctx.deps.db, customer.companyId)).toEqual([]);

    // A second report of the same run changes nothing.
    const again = await inject('POST', `/api/case-results/${made.id}`, engineKey, { status: 'failed', reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CASE_NOT_IN_ENGINE');
  });

  it('counts an engine answering 500 as failed attempts, fails the case after the last and refunds once', async () => {
    engine.mode = 'fail';
    const made = await createTestCase(ctx.deps, { companyId: customer.companyId, status: 'queued', credits: 2 });
    const start = await readBalances(ctx.deps.db, customer.companyId);
    await expect(processCase(ctx.deps, { caseId: made.id, run: 1 })).rejects.toThrow(/answered 500: engine overloaded/);
    expect(await caseOf(made.id)).toMatchObject({ status: 'in-progress', processingAttempts: 1 });
    await expect(processCase(ctx.deps, { caseId: made.id, run: 1 })).rejects.toThrow(/500/);
    expect(await caseOf(made.id)).toMatchObject({ status: 'in-progress', processingAttempts: 2 });
    // The third attempt is the last (CASE_PROCESSING_ATTEMPTS=3): no retry, the case fails.
    await processCase(ctx.deps, { caseId: made.id, run: 1 });
    const failed = await caseOf(made.id);
    expect(failed.status).toBe('failed');
    expect(failed.processingError).toBe(
      'Processing failed after 3 attempts: The engine answered 500: engine overloaded',
    );
    // A late attempt (the job ran once more) refunds nothing more.
    await processCase(ctx.deps, { caseId: made.id, run: 1 });

    const ledger = await ledgerOf(made.id);
    expect(ledger.map((e) => [e.reason, e.amount])).toEqual([
      ['case_submission', -2],
      ['refund', 2],
    ]);
    expect(ledger[1]!.refundOf).toBe(ledger[0]!.bookingId);
    const end = await readBalances(ctx.deps.db, customer.companyId);
    expect(end.paid).toBe(start.paid + 2);
    expect(await ledgerMismatches(ctx.deps.db, customer.companyId)).toEqual([]);
    const logs = (await logsOf(made.id)).map((l) => l.message);
    expect(logs).toContain('Attempt 1 failed: The engine answered 500: engine overloaded; trying again');
    expect(logs).toContain('Credits refunded: 2');
  });

  it('counts an engine that does not answer in time as a failed attempt', async () => {
    engine.mode = 'hang';
    const impatient = createEngineRegistry<Deps>([createExternalEngine({ timeoutMs: 300 })], 'external');
    try {
      const made = await createTestCase(ctx.deps, { companyId: customer.companyId, status: 'queued' });
      await expect(processCase({ ...ctx.deps, engines: impatient }, { caseId: made.id, run: 1 })).rejects.toThrow(
        'The engine did not answer within 0.3 s',
      );
      expect(await caseOf(made.id)).toMatchObject({
        status: 'in-progress',
        processingAttempts: 1,
        processingError: 'The engine did not answer within 0.3 s',
      });
    } finally {
      engine.mode = 'work';
    }
  });

  it('counts an engine that cannot be reached as a failed attempt', async () => {
    engine.mode = 'drop';
    const made = await createTestCase(ctx.deps, { companyId: customer.companyId, status: 'queued' });
    await expect(processCase(ctx.deps, { caseId: made.id, run: 1 })).rejects.toThrow(/could not be reached/);
    expect(await caseOf(made.id)).toMatchObject({ status: 'in-progress', processingAttempts: 1 });
    engine.mode = 'work';
  });
});

describe('POST /api/case-results/{id}', () => {
  const report = (id: string, body: unknown, token = engineKey) =>
    inject('POST', `/api/case-results/${id}`, token, body);

  it('refuses bad input (400), without the engine permission (403), a customer key (403/404)', async () => {
    const id = await caseInEngine();
    const bad = await report(id, { status: 'finished', jaws: [{ jaw: 'middle', status: 'done' }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['status']));
    expect((await report(id, { status: 'done', job_id: 'run-1' })).statusCode).toBe(400);
    const twice = await report(id, {
      status: 'done',
      jaws: [
        { jaw: 'upper', status: 'done' },
        { jaw: 'upper', status: 'unsupported' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ jaws: ['Each jaw is reported once'] });
    expect((await report(id, { status: 'done' }, staffToken)).statusCode).toBe(403);
    expect((await report(id, { status: 'done' }, customer.token)).statusCode).toBe(403);
    // A customer's key holding the engine scope: its own company's case 403, another company's 404.
    expect((await report(id, { status: 'done' }, customerEngineKey)).statusCode).toBe(403);
    const other = await createTestUser(ctx.deps);
    const foreign = await caseInEngine({ companyId: other.companyId });
    expect((await report(foreign, { status: 'done' }, customerEngineKey)).statusCode).toBe(404);
    expect((await report(randomUUID(), { status: 'done' })).statusCode).toBe(404);
    expect((await caseOf(id)).status).toBe('in-progress');
  });

  it('done without a result leaves the case done; unsupported refunds and records the jaws', async () => {
    const plain = await caseInEngine();
    const done = await report(plain, {
      status: 'done',
      jaws: [
        { jaw: 'upper', status: 'done' },
        { jaw: 'lower', status: 'done' },
      ],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', result_count: 0 });
    expect(done.json().jaws.map((j: { status: string }) => j.status)).toEqual(['done', 'done']);

    const charged = await caseInEngine({ credits: 4 });
    const early = await upload('/api/save-results', saveBody(charged), engineKey);
    expect(early.statusCode, early.body).toBe(200);
    const unsupported = await report(charged, {
      status: 'unsupported',
      reason: 'The lower scan has no teeth',
      jaws: [{ jaw: 'lower', status: 'unsupported' }],
    });
    expect(unsupported.statusCode, unsupported.body).toBe(200);
    expect(unsupported.json()).toMatchObject({
      status: 'unsupported',
      processing_error: 'The lower scan has no teeth',
      credits_spent: 0,
    });
    const lower = unsupported.json().jaws.find((j: { jaw: string }) => j.jaw === 'lower');
    expect(lower).toMatchObject({ status: 'unsupported', unsupported_reason: 'The lower scan has no teeth' });
    expect((await ledgerOf(charged)).map((e) => e.reason)).toEqual(['case_submission', 'refund']);
    // The result saved before is not for review: it failed with the run.
    const results = await inject('GET', `/api/get-multiple-results/${charged}`, adminToken);
    expect(results.json().data.map((r: { status: string }) => r.status)).toEqual(['failed']);
    expect((await logsOf(charged)).map((l) => l.message)).toContain('Result 1: done → failed');
  });

  it('refuses a report of an older run or for a case no longer in progress (409), for the reference engine (404)', async () => {
    const id = await caseInEngine({ run: 2 });
    const stale = await report(id, { status: 'done', job_id: engineJobId(id, 1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CASE_NOT_IN_ENGINE');
    const current = await report(id, { status: 'failed', reason: 'Mesh broken', job_id: engineJobId(id, 2) });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().status).toBe('failed');

    const notInProgress = await report(id, { status: 'done', job_id: engineJobId(id, 2) });
    expect(notInProgress.statusCode).toBe(409);
    expect(notInProgress.json().message).toBe('The case is not being processed by an engine (it is failed)');
    // The external engine never held a case the reference engine processes: it is not found.
    const reference = await createTestCase(ctx.deps, {
      companyId: customer.companyId,
      status: 'in-progress',
      engine: 'reference',
    });
    expect((await report(reference.id, { status: 'done' })).json().code).toBe('NOT_FOUND');
  });
});

describe('POST /api/save-results, /save-multiple-results, /save-files', () => {
  const resultsOf = (caseId: string) => ctx.deps.db.select().from(caseResults).where(eq(caseResults.caseId, caseId));

  it('save-results: 400, 403, 404, 409, 413 and success', async () => {
    const id = await caseInEngine();
    const badId = await upload('/api/save-results', saveBody('not-a-uuid'), engineKey);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors.case_id).toBeDefined();
    const badManifest = await upload(
      '/api/save-results',
      saveBody(id, [{ name: 'manifest', value: '[{"file_name":"crown.stl","kind":"hologram"}]' }]),
      engineKey,
    );
    expect(badManifest.statusCode).toBe(400);
    expect(badManifest.json().errors['manifest.0.kind']).toBeDefined();
    const notJson = await upload('/api/save-results', saveBody(id, [{ name: 'manifest', value: '{' }]), engineKey);
    expect(notJson.json().errors.manifest).toEqual(['The manifest field is not valid JSON']);
    const missing = await upload(
      '/api/save-results',
      saveBody(id, [{ name: 'manifest', value: '[{"file_name":"other.stl"}]' }]),
      engineKey,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.manifest).toEqual(['No file part for other.stl']);
    const noFile = await upload('/api/save-results', multipart([{ name: 'case_id', value: id }]), engineKey);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBeDefined();
    const empty = await upload('/api/save-results', saveBody(id, [], Buffer.alloc(0)), engineKey);
    expect(empty.statusCode).toBe(400);
    const fieldsLate = await upload(
      '/api/save-results',
      multipart([
        { name: 'file', fileName: 'crown.stl', content: tetrahedronStl() },
        { name: 'case_id', value: id },
      ]),
      engineKey,
    );
    expect(fieldsLate.statusCode).toBe(400);
    expect((await upload('/api/save-results', saveBody(id), staffToken)).statusCode).toBe(403);
    expect((await upload('/api/save-results', saveBody(id), customerEngineKey)).statusCode).toBe(403);
    const other = await createTestUser(ctx.deps);
    const foreign = await caseInEngine({ companyId: other.companyId });
    expect((await upload('/api/save-results', saveBody(foreign), customerEngineKey)).statusCode).toBe(404);
    expect((await upload('/api/save-results', saveBody(randomUUID()), engineKey)).statusCode).toBe(404);
    const stale = await upload(
      '/api/save-results',
      saveBody(id, [{ name: 'job_id', value: engineJobId(id, 7) }]),
      engineKey,
    );
    expect(stale.statusCode).toBe(409);
    const tooLarge = await upload('/api/save-results', saveBody(id, [], Buffer.alloc(MAX_FILE + 1, 7)), engineKey);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooLarge.headers.connection).toBe('close');
    expect(await resultsOf(id)).toEqual([]);
    // Nothing of the refused calls stays in storage.
    expect(await storedResultObjects(id)).toEqual([]);

    const ok = await upload('/api/save-results', saveBody(id, [{ name: 'status', value: 'in-progress' }]), engineKey);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ version: 1, status: 'in-progress', engine: 'external' });
    expect(ok.json().result.files).toMatchObject([
      { file_name: 'crown.stl', kind: 'mesh', jaw: null, content_type: 'model/stl', size: tetrahedronStl().length },
    ]);
    expect((await caseOf(id)).resultCount).toBe(1);

    await inject('POST', `/api/case-results/${id}`, engineKey, { status: 'done' });
    const closed = await upload('/api/save-results', saveBody(id), engineKey);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CASE_NOT_IN_ENGINE');
  });

  it('save-files adds files while the result is in progress; a complete result refuses them (409)', async () => {
    const id = await caseInEngine();
    const first = await upload(
      '/api/save-results',
      saveBody(id, [{ name: 'status', value: 'in-progress' }]),
      engineKey,
    );
    const resultId = first.json().result.id as string;
    const more = (token?: string, name = 'lower-crown.stl', rid = resultId) =>
      upload(
        '/api/save-files',
        multipart([
          { name: 'result_id', value: rid },
          { name: 'manifest', value: JSON.stringify([{ file_name: name, jaw: 'lower' }]) },
          { name: 'file', fileName: name, content: tetrahedronStl(5) },
        ]),
        token,
      );
    expect((await more(staffToken)).statusCode).toBe(403);
    expect((await more(customerEngineKey)).statusCode).toBe(403);
    expect((await more(engineKey, 'x.stl', randomUUID())).statusCode).toBe(404);
    // Another company's result, through a customer's key holding the engine scope: not found.
    const other = await createTestUser(ctx.deps);
    const foreign = await caseInEngine({ companyId: other.companyId });
    const foreignResult = await upload(
      '/api/save-results',
      saveBody(foreign, [{ name: 'status', value: 'in-progress' }]),
      engineKey,
    );
    expect((await more(customerEngineKey, 'x.stl', foreignResult.json().result.id)).statusCode).toBe(404);
    const badId = await upload('/api/save-files', multipart([{ name: 'result_id', value: 'x' }]), engineKey);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors.result_id).toBeDefined();

    const added = await more(engineKey);
    expect(added.statusCode, added.body).toBe(200);
    const files = added.json().result.files as { file_name: string; jaw: string | null }[];
    expect(files.map((f) => [f.file_name, f.jaw]).sort()).toEqual([
      ['crown.stl', null],
      ['lower-crown.stl', 'lower'],
    ]);
    const completed = await inject('POST', '/api/update-result-status', engineKey, { id: resultId, status: 'done' });
    expect(completed.statusCode, completed.body).toBe(200);
    const refused = await more(engineKey, 'late.stl');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CASE_RESULT_COMPLETE');

    const reported = await inject('POST', `/api/case-results/${id}`, engineKey, { status: 'done' });
    expect(reported.json().status).toBe('in-approval');
    const logs = (await logsOf(id)).map((l) => l.message);
    expect(logs).toContain('Result 1: 1 file added by the engine');
  });

  it('save-multiple-results saves every result of the manifest, or none', async () => {
    const id = await caseInEngine();
    const manifest = [
      { note: 'Variant A', files: [{ file_name: 'a.stl', jaw: 'upper' }] },
      {
        note: 'Variant B',
        status: 'in-progress',
        files: [{ file_name: 'b.stl' }, { file_name: 'b.pdf', kind: 'report' }],
      },
    ];
    const body = (names: string[], list: unknown = manifest) =>
      multipart([
        { name: 'case_id', value: id },
        { name: 'manifest', value: JSON.stringify(list) },
        ...names.map((name) => ({ name: 'file', fileName: name, content: tetrahedronStl(3) })),
      ]);
    expect((await upload('/api/save-multiple-results', body(['a.stl']), staffToken)).statusCode).toBe(403);
    expect((await upload('/api/save-multiple-results', body(['a.stl']), customerEngineKey)).statusCode).toBe(403);
    const other = await createTestUser(ctx.deps);
    const foreign = await caseInEngine({ companyId: other.companyId });
    const foreignBody = multipart([
      { name: 'case_id', value: foreign },
      { name: 'manifest', value: JSON.stringify([{ files: [{ file_name: 'a.stl' }] }]) },
      { name: 'file', fileName: 'a.stl', content: tetrahedronStl() },
    ]);
    expect((await upload('/api/save-multiple-results', foreignBody, customerEngineKey)).statusCode).toBe(404);
    const partial = await upload('/api/save-multiple-results', body(['a.stl', 'b.stl']), engineKey);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.manifest).toEqual(['No file part for b.pdf']);
    const stranger = await upload('/api/save-multiple-results', body(['a.stl', 'zzz.stl']), engineKey);
    expect(stranger.json().errors.file).toEqual(['The manifest lists no file zzz.stl']);
    const noManifest = await upload(
      '/api/save-multiple-results',
      multipart([
        { name: 'case_id', value: id },
        { name: 'file', fileName: 'a.stl', content: tetrahedronStl() },
      ]),
      engineKey,
    );
    expect(noManifest.statusCode).toBe(400);
    const emptyList = await upload('/api/save-multiple-results', body(['a.stl'], []), engineKey);
    expect(emptyList.json().errors.manifest).toEqual(['List at least one result']);
    expect(await resultsOf(id)).toEqual([]);
    expect(await storedResultObjects(id)).toEqual([]);

    const saved = await upload('/api/save-multiple-results', body(['a.stl', 'b.stl', 'b.pdf']), engineKey);
    expect(saved.statusCode, saved.body).toBe(200);
    const results = saved.json().results as { version: number; status: string; note: string; files: unknown[] }[];
    expect(results.map((r) => [r.version, r.status, r.note, r.files.length])).toEqual([
      [1, 'done', 'Variant A', 1],
      [2, 'in-progress', 'Variant B', 2],
    ]);
    expect((await caseOf(id)).resultCount).toBe(2);
    expect((await storedResultObjects(id)).sort()).toEqual(['1-a.stl', '2-b.stl', '3-b.pdf']);
  });
});

describe('every engine call stays inside a run the engine holds', () => {
  type Target = { caseId: string; resultId: string };
  type Call = 'save-results' | 'save-multiple-results' | 'save-files' | 'case-results' | 'update-result-status';
  type Answer = [status: number, code?: string];

  const crown = { name: 'file', fileName: 'crown.stl', content: tetrahedronStl() };
  const calls: Record<Call, (target: Target) => ReturnType<typeof inject>> = {
    'save-results': (t) => upload('/api/save-results', saveBody(t.caseId), engineKey),
    'save-multiple-results': (t) =>
      upload(
        '/api/save-multiple-results',
        multipart([
          { name: 'case_id', value: t.caseId },
          { name: 'manifest', value: JSON.stringify([{ files: [{ file_name: 'crown.stl' }] }]) },
          crown,
        ]),
        engineKey,
      ),
    'save-files': (t) =>
      upload('/api/save-files', multipart([{ name: 'result_id', value: t.resultId }, crown]), engineKey),
    'case-results': (t) =>
      inject('POST', `/api/case-results/${t.caseId}`, engineKey, { status: 'failed', reason: 'Mesh broken' }),
    'update-result-status': (t) =>
      inject('POST', '/api/update-result-status', engineKey, { id: t.resultId, status: 'failed' }),
  };

  /** A result saved by the engine account holding `key`, with its status. */
  async function saved(caseId: string, key: string, status: 'done' | 'in-progress') {
    const response = await upload('/api/save-results', saveBody(caseId, [{ name: 'status', value: status }]), key);
    expect(response.statusCode, response.body).toBe(200);
    return { caseId, resultId: response.json().result.id as string };
  }
  /** A run the engine ended: it saved a done result and reported done, so the case awaits review. */
  async function finishedRun(): Promise<Target> {
    const target = await saved(await caseInEngine(), engineKey, 'done');
    const reported = await inject('POST', `/api/case-results/${target.caseId}`, engineKey, { status: 'done' });
    expect(reported.json().status, reported.body).toBe('in-approval');
    return target;
  }

  const ok: Answer = [200];
  const notHeld = (code: string): Answer => [404, code];
  const scenarios: { name: string; setup: () => Promise<Target>; expected: Record<Call, Answer> }[] = [
    {
      name: 'its own run',
      setup: async () => saved(await caseInEngine(), engineKey, 'in-progress'),
      expected: {
        'save-results': ok,
        'save-multiple-results': ok,
        'save-files': ok,
        'case-results': ok,
        'update-result-status': ok,
      },
    },
    {
      // The finding: another company's case in review, its result from the reference engine.
      name: 'another case',
      setup: async () => {
        const other = await createTestUser(ctx.deps);
        const made = await createTestCase(ctx.deps, {
          companyId: other.companyId,
          withResult: true,
          engine: 'reference',
        });
        return { caseId: made.id, resultId: made.resultId! };
      },
      expected: {
        'save-results': notHeld('NOT_FOUND'),
        'save-multiple-results': notHeld('NOT_FOUND'),
        'save-files': notHeld('CASE_RESULT_NOT_FOUND'),
        'case-results': notHeld('NOT_FOUND'),
        'update-result-status': notHeld('CASE_RESULT_NOT_FOUND'),
      },
    },
    {
      name: 'a reviewed result',
      setup: async () => {
        const target = await finishedRun();
        const rejected = await inject('POST', '/api/approve-case', customer.token, {
          id: target.caseId,
          approved: false,
          reason: 'The margin is short',
        });
        expect(rejected.json().status, rejected.body).toBe('rejected');
        return target;
      },
      expected: {
        'save-results': [409, 'CASE_NOT_IN_ENGINE'],
        'save-multiple-results': [409, 'CASE_NOT_IN_ENGINE'],
        'save-files': [409, 'CASE_RESULT_REVIEWED'],
        'case-results': [409, 'CASE_NOT_IN_ENGINE'],
        'update-result-status': [409, 'CASE_RESULT_REVIEWED'],
      },
    },
    {
      name: 'a finished run',
      setup: finishedRun,
      expected: {
        'save-results': [409, 'CASE_NOT_IN_ENGINE'],
        'save-multiple-results': [409, 'CASE_NOT_IN_ENGINE'],
        'save-files': [409, 'CASE_NOT_IN_ENGINE'],
        'case-results': [409, 'CASE_NOT_IN_ENGINE'],
        'update-result-status': [409, 'CASE_NOT_IN_ENGINE'],
      },
    },
    {
      name: 'a run another engine account holds',
      setup: async () => saved(await caseInEngine(), otherEngineKey, 'in-progress'),
      expected: {
        'save-results': notHeld('NOT_FOUND'),
        'save-multiple-results': notHeld('NOT_FOUND'),
        'save-files': notHeld('CASE_RESULT_NOT_FOUND'),
        'case-results': notHeld('NOT_FOUND'),
        'update-result-status': notHeld('CASE_RESULT_NOT_FOUND'),
      },
    },
    {
      // A recalculation the reference engine is processing; the result is of its first run.
      name: 'a run of the reference engine',
      setup: async () => {
        const made = await createTestCase(ctx.deps, {
          companyId: customer.companyId,
          status: 'in-progress',
          withResult: true,
          engine: 'reference',
        });
        await ctx.deps.db.update(cases).set({ processingRun: 2 }).where(eq(cases.id, made.id));
        return { caseId: made.id, resultId: made.resultId! };
      },
      expected: {
        'save-results': notHeld('NOT_FOUND'),
        'save-multiple-results': notHeld('NOT_FOUND'),
        'save-files': notHeld('CASE_RESULT_NOT_FOUND'),
        'case-results': notHeld('NOT_FOUND'),
        'update-result-status': notHeld('CASE_RESULT_NOT_FOUND'),
      },
    },
  ];

  /** What a refused call must leave as it was: the case's status and results, each result's status and files. */
  async function stateOf(caseId: string) {
    const results = await ctx.deps.db.select().from(caseResults).where(eq(caseResults.caseId, caseId));
    const files = await inject('GET', `/api/get-multiple-results/${caseId}`, adminToken);
    return {
      status: (await caseOf(caseId)).status,
      results: results.map((r) => [r.id, r.status]).sort(),
      files: (files.json().data as { files: unknown[] }[]).map((r) => r.files.length).sort(),
    };
  }

  const withoutRequestId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');

  it('answers its own run and refuses another case, a reviewed result, a finished run and a run of another engine', async () => {
    // A refused case or result answers exactly like one that does not exist.
    const unknown = { caseId: randomUUID(), resultId: randomUUID() };
    const mismatches: string[] = [];
    for (const scenario of scenarios) {
      for (const call of Object.keys(calls) as Call[]) {
        const target = await scenario.setup();
        const before = await stateOf(target.caseId);
        const response = await calls[call](target);
        const [status, code] = scenario.expected[call];
        const got = `${response.statusCode} ${response.statusCode === 200 ? '' : response.json().code}`.trim();
        const want = `${status} ${code ?? ''}`.trim();
        if (got !== want) mismatches.push(`${scenario.name}, ${call}: got ${got}, want ${want}`);
        if (status === 404) {
          const absent = await calls[call](unknown);
          if (withoutRequestId(response.body) !== withoutRequestId(absent.body))
            mismatches.push(`${scenario.name}, ${call}: answers unlike a missing id`);
        }
        if (status !== 200 && JSON.stringify(await stateOf(target.caseId)) !== JSON.stringify(before))
          mismatches.push(`${scenario.name}, ${call}: changed the case or its results`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
  it("gives a new run to the engine account that calls for it first, whoever held the case's last run", async () => {
    const id = await caseInEngine();
    const taken = await upload('/api/save-results', saveBody(id), otherEngineKey);
    expect(taken.statusCode, taken.body).toBe(200);
    const failed = await inject('POST', `/api/case-results/${id}`, otherEngineKey, { status: 'failed', reason: 'x' });
    expect(failed.json().status, failed.body).toBe('failed');
    // The case is queued again (a recalculation: run 2) and its processing starts.
    await ctx.deps.db.update(cases).set({ status: 'queued', processingRun: 2 }).where(eq(cases.id, id));
    await processCase(ctx.deps, { caseId: id, run: 2 });
    const jobId = { name: 'job_id', value: engineJobId(id, 2) };
    const saved = await upload('/api/save-results', saveBody(id, [jobId]), engineKey);
    expect(saved.statusCode, saved.body).toBe(200);
    const late = await upload('/api/save-results', saveBody(id, [jobId]), otherEngineKey);
    expect(late.statusCode).toBe(404);
  });
});

describe('the engine watchdog', () => {
  it('fails runs the engine held longer than ENGINE_TIMEOUT_MINUTES and refunds them once', async () => {
    const overdue = await caseInEngine({ credits: 5, startedAt: new Date(Date.now() - 61 * 60_000) });
    const recent = await caseInEngine({ credits: 1, startedAt: new Date(Date.now() - 10 * 60_000) });
    const unfinished = await upload(
      '/api/save-results',
      saveBody(overdue, [{ name: 'status', value: 'in-progress' }]),
      engineKey,
    );
    expect(unfinished.statusCode, unfinished.body).toBe(200);
    const failed = await failOverdueRuns(ctx.deps);
    expect(failed).toContain(overdue);
    expect(failed).not.toContain(recent);
    expect(await caseOf(overdue)).toMatchObject({
      status: 'failed',
      processingError: 'The engine did not finish within 60 minutes',
      creditsSpent: 0,
    });
    expect((await caseOf(recent)).status).toBe('in-progress');
    const [result] = await ctx.deps.db.select().from(caseResults).where(eq(caseResults.caseId, overdue));
    expect(result!.status).toBe('failed');
    expect(await failOverdueRuns(ctx.deps)).not.toContain(overdue);
    expect((await ledgerOf(overdue)).map((e) => [e.reason, e.amount])).toEqual([
      ['case_submission', -5],
      ['refund', 5],
    ]);
    expect(await ledgerMismatches(ctx.deps.db, customer.companyId)).toEqual([]);
    // An hour later the other run is overdue too.
    expect(await failOverdueRuns(ctx.deps, new Date(Date.now() + 60 * 60_000))).toContain(recent);
  });
});
