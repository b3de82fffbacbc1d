import { randomUUID } from 'node:crypto';
import { type CaseJaw, type CaseListItem, type CaseLog, caseListItemSchema } from '@cuspid/contracts/cases';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase, tetrahedronStl } from '../../../test/cases';
import { multipart } from '../../../test/docx';
import { type TestCompanyValues, testCompanies } from '../../../test/fixtures';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { uploadScan } from '../../../test/uploads';
import { cappedCountsOf } from '../../db/paging';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from '../companies/companies.schema';
import { ledgerMismatches, readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { users } from '../users/users.schema';
import { processCase } from './cases.processing';
import { caseJaws, caseLogs, cases } from './cases.schema';

let ctx: TestContext;
let adminToken: string;
let staffToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  staffToken = (await loginAs(ctx.app, (await createTestUser(ctx.deps, { roles: ['employee'], staff: true })).mail))
    .token;
});
afterAll(() => ctx?.close());

const { call, get, post, put } = requestsTo(() => ctx.app);

const company = async (values: TestCompanyValues) => (await testCompanies(() => ctx.deps.db)(values)).id;

async function member(companyId: string, roles = ['end-user']) {
  const user = await createTestUser(ctx.deps, { companyId, roles });
  return { ...user, token: (await loginAs(ctx.app, user.mail)).token };
}

async function practice() {
  const id = await company({ name: 'Practice' });
  return { id, user: await member(id) };
}

const caseOf = (companyId: string, options: Partial<Parameters<typeof createTestCase>[1]> = {}) =>
  createTestCase(ctx.deps, { companyId, ...options });

describe('cases: who may call', () => {
  it('answers 403 without the case permissions', async () => {
    const p = await practice();
    const { id, resultId, resultFileId } = await caseOf(p.id, { createdBy: p.user.id, withResult: true });
    const affiliate = await member(p.id, ['affiliate']);
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/case-lists'],
      [
        'POST',
        '/api/case-lists',
        { name: 'x', patient: 'y', upper_teeth: [11], lower_teeth: [], upper_upload_id: randomUUID() },
      ],
      ['GET', `/api/case-lists/${id}`],
      ['PUT', `/api/case-lists/${id}`, { name: 'x' }],
      ['DELETE', `/api/case-lists/${id}`],
      ['GET', `/api/case-logs/${id}`],
      ['GET', `/api/get-multiple-results/${id}`],
      ['POST', '/api/approve-case', { id, approved: true }],
      ['POST', '/api/approve-cases', { ids: [id], approved: true }],
      ['POST', '/api/update-status', { id, status: 'trash' }],
      ['POST', '/api/update-statuses', { ids: [id], status: 'trash' }],
      ['POST', '/api/update-result-status', { id: resultId, status: 'hidden' }],
      ['POST', '/api/requeue-case', { id }],
      ['POST', '/api/delete-jaw', { id, jaw: 'upper' }],
      ['POST', '/api/restore-jaw', { id, jaw: 'upper' }],
      ['POST', `/api/cases/lock/${id}`],
      ['POST', `/api/cases/unlock/${id}`],
      ['POST', '/api/delete-cases', { ids: [id] }],
      ['POST', '/api/empty-trash', {}],
      ['POST', '/api/save-rating', { result_id: resultId, stars: 4 }],
      ['POST', `/api/send-approve-mail/${id}`, {}],
      ['GET', `/api/cases/${id}/jaws/upper/download`],
      ['GET', `/api/case-result-files/${resultFileId}/download`],
      ['GET', `/api/case-results/${resultId}/download`],
      ['GET', '/api/cases/events'],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(method, url, affiliate.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // A customer does not set result statuses (back office and engine only).
    expect((await post('/api/update-result-status', { id: resultId, status: 'hidden' }, p.user.token)).statusCode).toBe(
      403,
    );
  });

  it("answers 404 for another company's case, result and file, and lists none of them", async () => {
    const victim = await practice();
    const other = await practice();
    const { id, resultId, resultFileId } = await caseOf(victim.id, { withResult: true });
    for (const [method, url, body] of [
      ['GET', `/api/case-lists/${id}`],
      ['PUT', `/api/case-lists/${id}`, { name: 'x' }],
      ['GET', `/api/case-logs/${id}`],
      ['POST', '/api/approve-case', { id, approved: true }],
      ['POST', '/api/approve-cases', { ids: [id], approved: true }],
      ['POST', `/api/cases/lock/${id}`],
      ['POST', '/api/save-rating', { result_id: resultId, stars: 4 }],
      ['GET', `/api/case-result-files/${resultFileId}/download`],
      ['GET', `/api/case-results/${resultId}/download`],
      ['GET', `/api/cases/${id}/jaws/upper/download`],
    ] as [Method, string, unknown?][]) {
      expect((await call(method, url, other.user.token, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await get('/api/case-lists?per_page=100', other.user.token);
    expect(list.json().data.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('answers 400 for a malformed id in the path of every call that takes one, before looking for it', async () => {
    const p = await practice();
    for (const [method, url] of [
      ['GET', '/api/case-lists/nope'],
      ['PUT', '/api/case-lists/nope'],
      ['DELETE', '/api/case-lists/nope'],
      ['GET', '/api/case-logs/nope'],
      ['GET', '/api/get-multiple-results/nope'],
      ['POST', '/api/cases/lock/nope'],
      ['POST', '/api/cases/unlock/nope'],
      ['POST', '/api/send-approve-mail/nope'],
      ['GET', '/api/cases/nope/jaws/upper/download'],
      ['GET', `/api/cases/${randomUUID()}/jaws/middle/download`],
      ['GET', '/api/case-result-files/nope/download'],
      ['GET', '/api/case-results/nope/download'],
    ] as [Method, string][]) {
      const body = method === 'PUT' ? { name: 'x' } : method === 'POST' ? {} : undefined;
      const answer = await call(method, url, p.user.token, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), `${method} ${url}`).toEqual([
        url.includes('middle') ? 'jaw' : 'id',
      ]);
    }
  });

  it('answers 400 for bad input, with the field that is wrong', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id);
    expect((await get('/api/case-lists/nope', p.user.token)).statusCode).toBe(400);
    expect((await get('/api/case-lists?status=nope', p.user.token)).statusCode).toBe(400);
    expect((await get('/api/case-lists?from=0000-01-01', p.user.token)).statusCode).toBe(400);
    const bad = await post('/api/update-status', { id, status: 'sleeping' }, p.user.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['status']);
    const stars = await post('/api/save-rating', { result_id: randomUUID(), stars: 9 }, p.user.token);
    expect(stars.json().errors.stars).toEqual(['Give one to five stars']);
    expect((await post('/api/delete-jaw', { id, jaw: 'middle' }, p.user.token)).statusCode).toBe(400);
    expect((await put(`/api/case-lists/${id}`, { name: '' }, p.user.token)).json().errors.name).toEqual([
      'This field is required',
    ]);
  });
});

describe('cases: reading', () => {
  it('counts a list up to 10,000 and answers "more" after that; a list known to hold more is not counted again', async () => {
    const p = await practice();
    await ctx.deps.db.execute(sql`
      insert into backend.cases (company_id, name, patient, status, upper_teeth, lower_teeth, credits_spent)
      select ${p.id}::uuid, 'Crown ' || n, 'P-' || n, 'in-approval', '{11}', '{}', 0 from generate_series(1, 10001) as n`);
    const counts = cappedCountsOf(ctx.deps.db);
    const before = counts.size;
    const first = await get(`/api/case-lists?company_id=${p.id}&per_page=5`, staffToken);
    expect(first.json().total).toBe(10_001);
    expect(counts.size).toBe(before + 1);
    // Answered from what is remembered: the same "more than 10,000", the rows as fresh as ever.
    await caseOf(p.id, { name: 'Newest crown', status: 'in-approval' });
    const again = await get(`/api/case-lists?company_id=${p.id}&per_page=5`, staffToken);
    expect(again.json().total).toBe(10_001);
    expect(again.json().data[0].name).toBe('Newest crown');
    expect((await get(`/api/case-lists?per_page=5`, p.user.token)).json().total).toBe(10_001);
    // Exact counts are counted every time.
    const few = await get(`/api/case-lists?company_id=${p.id}&status=approved`, staffToken);
    expect(few.json().total).toBe(0);
    await caseOf(p.id, { status: 'approved' });
    expect((await get(`/api/case-lists?company_id=${p.id}&status=approved`, staffToken)).json().total).toBe(1);
  });

  it('writes every list row as the case itself answers, whatever its text holds (the JSON PostgreSQL writes)', async () => {
    const p = await practice();
    await ctx.deps.db
      .update(users)
      .set({ firstName: 'Zoë "Z"', lastName: "O'Brien \\ 🦷" })
      .where(eq(users.id, p.user.id));
    const marker = randomUUID().slice(0, 8);
    const odd = await caseOf(p.id, { createdBy: p.user.id, status: 'failed', upperTeeth: [11, 21], lowerTeeth: [36] });
    const plain = await caseOf(p.id, { createdBy: null, status: 'approved', jaws: ['lower'] });
    await ctx.deps.db
      .update(cases)
      .set({
        name: `Crown "${marker}" \\ back\\slash\nnew line\ttab \u0001 ü`,
        patient: `'Müller' ${marker}`,
        patientBirthYear: 1970,
        previousStatus: 'in-progress',
        processingError: 'Engine said: "no"\r\n\u001f',
        engine: 'reference',
        creditsSpent: 7,
        resultCount: 2,
        lockedBy: p.user.id,
        lockedAt: new Date('2026-03-04T05:06:07.891Z'),
      })
      .where(eq(cases.id, odd.id));
    await ctx.deps.db
      .update(cases)
      .set({ name: `Plain ${marker}`, patient: `P ${marker}` })
      .where(eq(cases.id, plain.id));
    await ctx.deps.db
      .update(caseJaws)
      .set({ deletedAt: new Date() })
      .where(and(eq(caseJaws.caseId, odd.id), eq(caseJaws.jaw, 'lower')));
    const suffix = randomUUID().slice(0, 6);
    const label = async (name: string, kind: 'flag' | 'tag') =>
      (await post('/api/flags', { name: `${name} ${suffix}`, kind, applies_to: ['case'] }, adminToken)).json().id;
    const labels = {
      flag_id: await label('Urgent "now"', 'flag'),
      add_tag_ids: [await label('b \\ tag', 'tag'), await label('A tag', 'tag')],
    };
    expect((await post('/api/update-flags', { type: 'case', ids: [odd.id], ...labels }, p.user.token)).statusCode).toBe(
      200,
    );

    const expected = async (id: string) => {
      const { notes: _notes, jaws, ...item } = (await get(`/api/case-lists/${id}`, p.user.token)).json();
      return { ...item, jaws: jaws.map(({ jaw, status, deleted_at }: CaseJaw) => ({ jaw, status, deleted_at })) };
    };
    // One plan for every value (the company's cases) and planned per call (a search): the same rows.
    const ids: string[] = [odd.id, plain.id];
    for (const query of ['status=failed,approved', `search=${marker}`, 'per_page=100']) {
      const answer = await get(`/api/case-lists?${query}&sort_by=name&sort_dir=asc`, p.user.token);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const rows = answer.json().data.filter((row: CaseListItem) => ids.includes(row.id));
      expect(rows.map((row: CaseListItem) => row.id)).toEqual(ids);
      for (const row of rows) {
        expect(caseListItemSchema.strict().parse(row)).toEqual(row);
        expect(row).toEqual(await expected(row.id));
      }
    }
    const [oddRow] = (await get(`/api/case-lists?search=${marker}&status=failed`, p.user.token)).json().data;
    expect(oddRow).toMatchObject({
      locked_by_name: `Zoë "Z" O'Brien \\ 🦷`,
      created_by_name: `Zoë "Z" O'Brien \\ 🦷`,
      locked_at: '2026-03-04T05:06:07.891Z',
      jaws: [
        { jaw: 'upper', status: 'done', deleted_at: null },
        { jaw: 'lower', status: 'done', deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      ],
    });
    expect(oddRow.tags.map((t: { name: string }) => t.name)).toEqual([`A tag ${suffix}`, `b \\ tag ${suffix}`]);
    // Past the last page: no rows, the count all the same.
    expect((await get(`/api/case-lists?search=${marker}&page=2&per_page=2`, p.user.token)).json()).toEqual({
      data: [],
      total: 2,
    });
  });

  it("lists the company's cases (and a reseller its customers'), filters and searches them", async () => {
    const reseller = await company({ name: 'Reseller' });
    const customer = await company({ name: 'Customer', resellerId: reseller });
    const resellerUser = await member(reseller, ['reseller']);
    const customerUser = await member(customer);
    const tag = randomUUID().slice(0, 6);
    const a = await caseOf(customer, { name: `Bridge ${tag}`, status: 'in-approval' });
    const b = await caseOf(customer, { name: `Crown ${tag}`, status: 'approved' });
    const trashed = await caseOf(customer, { name: `Old ${tag}`, status: 'trash', previousStatus: 'approved' });
    const hidden = await caseOf(customer, { name: `Hidden ${tag}`, status: 'hidden', previousStatus: 'failed' });
    const ids = (response: { json(): { data: { id: string }[] } }) => response.json().data.map((c) => c.id);

    const own = await get(`/api/case-lists?search=${tag}`, customerUser.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(ids(own).sort()).toEqual([a.id, b.id].sort());
    expect(own.json().total).toBe(2);
    expect(ids(await get(`/api/case-lists?search=${tag}`, resellerUser.token)).sort()).toEqual([a.id, b.id].sort());
    expect(ids(await get(`/api/case-lists?search=${tag}&status=approved`, customerUser.token))).toEqual([b.id]);
    expect(ids(await get(`/api/case-lists?search=${tag}&status=trash`, customerUser.token))).toEqual([trashed.id]);
    // Hidden cases exist for the back office only.
    expect(ids(await get(`/api/case-lists?search=${tag}&status=hidden`, customerUser.token))).toEqual([]);
    expect(ids(await get(`/api/case-lists?search=${tag}&status=hidden`, staffToken))).toEqual([hidden.id]);
    expect((await get(`/api/case-lists/${hidden.id}`, customerUser.token)).statusCode).toBe(404);
    // Sorted by name; paged.
    const sorted = await get(`/api/case-lists?search=${tag}&sort_by=name&sort_dir=asc&per_page=1`, customerUser.token);
    expect(ids(sorted)).toEqual([a.id]);
    expect(sorted.json().total).toBe(2);
    const past = await get(`/api/case-lists?search=${tag}&page=3&per_page=1`, customerUser.token);
    expect(past.json()).toEqual({ data: [], total: 2 });
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await get(`/api/case-lists?search=${tag}&from=${today}&to=${today}`, customerUser.token))).toHaveLength(
      2,
    );
    expect(ids(await get(`/api/case-lists?search=${tag}&to=2000-01-01`, customerUser.token))).toHaveLength(0);

    const one = await get(`/api/case-lists/${a.id}`, customerUser.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: a.id,
      company_id: customer,
      status: 'in-approval',
      jaws: [
        { jaw: 'upper', status: 'done', file_name: 'upper.stl' },
        { jaw: 'lower', status: 'done', file_name: 'lower.stl' },
      ],
      flag: null,
      tags: [],
    });
  });

  it('filters by flag and tag, which practices set on their cases', async () => {
    const p = await practice();
    const flagged = await caseOf(p.id);
    const plain = await caseOf(p.id);
    const flag = await post(
      '/api/flags',
      { name: `Urgent ${randomUUID().slice(0, 6)}`, kind: 'flag', applies_to: ['case'] },
      adminToken,
    );
    expect(flag.statusCode, flag.body).toBe(201);
    const set = await post(
      '/api/update-flags',
      { type: 'case', ids: [flagged.id], flag_id: flag.json().id },
      p.user.token,
    );
    expect(set.statusCode, set.body).toBe(200);
    const listed = await get(`/api/case-lists?flag_id=${flag.json().id}`, p.user.token);
    expect(listed.json().data.map((c: { id: string }) => c.id)).toEqual([flagged.id]);
    expect(listed.json().data[0].flag.id).toBe(flag.json().id);
    expect((await get(`/api/case-lists/${plain.id}`, p.user.token)).json().flag).toBeNull();
  });
});

describe('cases: the state machine through the calls', () => {
  it('lets a customer trash and restore a case, and refuses what the machine does not allow', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id, { status: 'approved', createdBy: p.user.id });
    const trashed = await call('DELETE', `/api/case-lists/${id}`, p.user.token);
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(trashed.json()).toMatchObject({ status: 'trash', previous_status: 'approved' });
    // Only back to where it was.
    const wrong = await post('/api/update-status', { id, status: 'rejected' }, p.user.token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      code: 'CASE_TRANSITION_NOT_ALLOWED',
      message: 'A case that is trash cannot become rejected',
    });
    const restored = await post('/api/update-status', { id, status: 'approved' }, p.user.token);
    expect(restored.json()).toMatchObject({ status: 'approved', previous_status: null });
    // Flagging and hiding are back-office work.
    const flag = await post('/api/update-status', { id, status: 'flagged' }, p.user.token);
    expect(flag.statusCode).toBe(403);
    expect(flag.json().code).toBe('CASE_STATUS_STAFF_ONLY');
    expect((await post('/api/update-status', { id, status: 'hidden' }, staffToken)).json().status).toBe('hidden');
    expect((await get(`/api/case-lists/${id}`, p.user.token)).statusCode).toBe(404);
    expect((await post('/api/update-status', { id, status: 'approved' }, staffToken)).json().status).toBe('approved');
    // Every change is in the case log and the audit trail.
    const logs = await get(`/api/case-logs/${id}`, p.user.token);
    expect(logs.json().data.map((l: { message: string }) => l.message)).toEqual([
      'Status: hidden → approved',
      'Status: approved → hidden',
      'Status: trash → approved',
      'Status: approved → trash',
    ]);
    const audits = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(4);
  });

  it('approves a case in approval with its latest result and mails the creator; bulk reports per case', async () => {
    const p = await practice();
    const a = await caseOf(p.id, { status: 'in-approval', withResult: true, createdBy: p.user.id });
    const b = await caseOf(p.id, { status: 'in-approval', withResult: true, createdBy: p.user.id });
    const queued = await caseOf(p.id, { status: 'queued', createdBy: p.user.id });
    const approved = await post('/api/approve-case', { id: a.id, approved: true }, p.user.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const results = await get(`/api/get-multiple-results/${a.id}`, p.user.token);
    expect(results.json().data[0]).toMatchObject({ version: 1, status: 'approved' });
    const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.companyId, p.id));
    expect(mails.map((m) => m.event)).toEqual(['case.approved']);
    expect(mails[0]!.to).toBe(p.user.mail);

    const bulk = await post(
      '/api/approve-cases',
      { ids: [b.id, queued.id, randomUUID()], approved: false, reason: 'Margins too short' },
      p.user.token,
    );
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().results).toEqual([
      { id: b.id, ok: true },
      { id: queued.id, ok: false, code: 'CASE_NO_RESULTS', message: 'The case has no results to review yet' },
      expect.objectContaining({ ok: false, code: 'NOT_FOUND' }),
    ]);
    expect((await get(`/api/case-lists/${b.id}`, p.user.token)).json().status).toBe('rejected');
    expect((await get(`/api/case-lists/${queued.id}`, p.user.token)).json().status).toBe('queued');
    // A user whose role carries the case permission alone sees cases but does not approve them.
    const role = await post(
      '/auth/create-role',
      { name: `viewer-${randomUUID().slice(0, 8)}`, title: 'Case viewer', permissions: ['backoffice-case-instance'] },
      adminToken,
    );
    expect(role.statusCode, role.body).toBe(201);
    const viewer = await member(p.id, [role.json().data.name]);
    expect((await get(`/api/case-lists/${a.id}`, viewer.token)).statusCode).toBe(200);
    expect((await post('/api/approve-case', { id: a.id, approved: true }, viewer.token)).statusCode).toBe(403);
    expect((await post('/api/update-status', { id: a.id, status: 'trash' }, viewer.token)).statusCode).toBe(403);
  });

  it('bulk status changes refuse per case and change the rest, in one call', async () => {
    const p = await practice();
    const a = await caseOf(p.id, { status: 'approved' });
    const b = await caseOf(p.id, { status: 'in-progress' });
    const response = await post('/api/update-statuses', { ids: [a.id, b.id], status: 'trash' }, p.user.token);
    expect(response.json().results).toEqual([
      { id: a.id, ok: true },
      {
        id: b.id,
        ok: false,
        code: 'CASE_TRANSITION_NOT_ALLOWED',
        message: 'A case that is in-progress cannot become trash',
      },
    ]);
    // Naming only cases the caller cannot see is a 404, like a single call.
    const other = await practice();
    expect((await post('/api/update-statuses', { ids: [a.id], status: 'finished' }, other.user.token)).statusCode).toBe(
      404,
    );
  });

  it('stops a processing by the back office as failed, and gives the credits back once', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id, { status: 'in-progress', credits: 7 });
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(0);
    const failed = await post('/api/update-status', { id, status: 'failed', note: 'Scanner data lost' }, staffToken);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', processing_error: 'Scanner data lost', credits_spent: 0 });
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(7);
    const refunds = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.caseId, id), eq(creditLedger.reason, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(await ledgerMismatches(ctx.deps.db, p.id)).toEqual([]);
  });
});

describe('cases: lock', () => {
  it('refuses changes by anyone but the locker and administrators', async () => {
    const p = await practice();
    const colleague = await member(p.id);
    const { id } = await caseOf(p.id, { status: 'approved' });
    const locked = await post(`/api/cases/lock/${id}`, {}, p.user.token);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().locked_by).toBe(p.user.id);
    const refused = await put(`/api/case-lists/${id}`, { name: 'Renamed' }, colleague.token);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().code).toBe('CASE_LOCKED');
    expect((await post('/api/update-status', { id, status: 'trash' }, colleague.token)).statusCode).toBe(423);
    expect((await post(`/api/cases/unlock/${id}`, {}, colleague.token)).statusCode).toBe(423);
    // The locker and an administrator may.
    expect((await put(`/api/case-lists/${id}`, { name: 'By the locker' }, p.user.token)).json().name).toBe(
      'By the locker',
    );
    expect((await put(`/api/case-lists/${id}`, { notes: 'Checked' }, adminToken)).json().notes).toBe('Checked');
    expect((await post(`/api/cases/unlock/${id}`, {}, p.user.token)).json().locked_by).toBeNull();
    expect((await post(`/api/cases/unlock/${id}`, {}, p.user.token)).json().code).toBe('CASE_NOT_LOCKED');
    expect((await put(`/api/case-lists/${id}`, { name: 'Colleague' }, colleague.token)).statusCode).toBe(200);
  });

  it('keeps the flag and tags of a locked case as they are for others; every label change is logged', async () => {
    const p = await practice();
    const colleague = await member(p.id);
    const locked = await caseOf(p.id, { status: 'approved' });
    const open = await caseOf(p.id, { status: 'approved' });
    const suffix = randomUUID().slice(0, 6);
    const flag = await post('/api/flags', { name: `Urgent ${suffix}`, kind: 'flag', applies_to: ['case'] }, adminToken);
    const tag = await post('/api/flags', { name: `Implant ${suffix}`, kind: 'tag', applies_to: ['case'] }, adminToken);
    expect([flag.statusCode, tag.statusCode]).toEqual([201, 201]);
    expect((await post(`/api/cases/lock/${locked.id}`, {}, p.user.token)).statusCode).toBe(200);

    // A colleague's bulk change touching the locked case changes nothing, on either case.
    const refused = await post(
      '/api/update-flags',
      { type: 'case', ids: [open.id, locked.id], flag_id: flag.json().id },
      colleague.token,
    );
    expect(refused.statusCode, refused.body).toBe(423);
    expect(refused.json().code).toBe('CASE_LOCKED');
    expect((await get(`/api/case-lists/${open.id}`, p.user.token)).json().flag).toBeNull();

    // The locker may; the log says what changed, by whom.
    const set = await post(
      '/api/update-flags',
      { type: 'case', ids: [locked.id], flag_id: flag.json().id, add_tag_ids: [tag.json().id] },
      p.user.token,
    );
    expect(set.statusCode, set.body).toBe(200);
    const removed = await post(
      '/api/update-flags',
      { type: 'case', ids: [locked.id], flag_id: null, remove_tag_ids: [tag.json().id] },
      p.user.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    // Setting what is already there is no change and no log line.
    expect(
      (await post('/api/update-flags', { type: 'case', ids: [locked.id], flag_id: null }, p.user.token)).statusCode,
    ).toBe(200);
    const logs = (await get(`/api/case-logs/${locked.id}`, p.user.token)).json().data as {
      kind: string;
      message: string;
      actor_name: string | null;
    }[];
    expect(logs.filter((l) => l.kind === 'labels').map((l) => l.message)).toEqual([
      `Flag removed: Urgent ${suffix}; tags removed: Implant ${suffix}`,
      `Flag: Urgent ${suffix}; tags added: Implant ${suffix}`,
    ]);
  });
});

describe('cases: recalculation', () => {
  it('queues a rejected case again for its price times the factor, or refuses without enough credits', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id, { status: 'rejected', upperTeeth: [11, 21], lowerTeeth: [36], withResult: true });
    const refused = await post('/api/requeue-case', { id }, p.user.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('You do not have enough credits to recalculate the case');
    expect((await get(`/api/case-lists/${id}`, p.user.token)).json().status).toBe('rejected');

    const price = await post(
      '/api/case-price',
      { company_id: p.id, upper_teeth: [11, 21], lower_teeth: [36], recalculation: true },
      p.user.token,
    );
    expect(price.statusCode, price.body).toBe(200);
    const credits = price.json().credits as number;
    await post(
      '/api/grant-credits',
      { company_id: p.id, credit_type: 'paid', amount: credits, reason: 'manual_grant', note: 'For a recalculation' },
      adminToken,
    );
    const requeued = await post('/api/requeue-case', { id }, p.user.token);
    expect(requeued.statusCode, requeued.body).toBe(200);
    expect(requeued.json()).toMatchObject({ status: 'queued', credits_spent: credits });
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(0);
    const spent = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.caseId, id), eq(creditLedger.reason, 'recalculation')));
    expect(spent.map((e) => e.amount)).toEqual([-credits]);
    // A queued case cannot be queued again.
    expect((await post('/api/requeue-case', { id }, p.user.token)).json().code).toBe('CASE_NOT_REQUEUEABLE');
  });
});

describe('cases: jaws, trash and permanent delete', () => {
  it('deletes and restores a jaw, never the last one', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id, { status: 'approved' });
    const deleted = await post('/api/delete-jaw', { id, jaw: 'lower' }, p.user.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().jaws.find((j: { jaw: string }) => j.jaw === 'lower').deleted_at).not.toBeNull();
    expect((await post('/api/delete-jaw', { id, jaw: 'upper' }, p.user.token)).json().code).toBe('CASE_LAST_JAW');
    expect((await post('/api/restore-jaw', { id, jaw: 'upper' }, p.user.token)).json().code).toBe(
      'CASE_JAW_NOT_DELETED',
    );
    const restored = await post('/api/restore-jaw', { id, jaw: 'lower' }, p.user.token);
    expect(restored.json().jaws.every((j: { deleted_at: string | null }) => j.deleted_at === null)).toBe(true);
    const processing = await caseOf(p.id, { status: 'in-progress' });
    expect((await post('/api/delete-jaw', { id: processing.id, jaw: 'lower' }, p.user.token)).json().code).toBe(
      'CASE_PROCESSING',
    );
  });

  it('deletes trashed cases for good with their files, and empties the trash', async () => {
    const p = await practice();
    const kept = await caseOf(p.id, { status: 'approved' });
    const a = await caseOf(p.id, { status: 'trash', previousStatus: 'approved', withResult: true });
    const b = await caseOf(p.id, { status: 'trash', previousStatus: 'failed' });
    const keys = (await ctx.deps.db.select().from(caseJaws).where(eq(caseJaws.caseId, a.id))).map((j) => j.storageKey);
    const response = await post('/api/delete-cases', { ids: [a.id, kept.id] }, p.user.token);
    expect(response.json().results).toEqual([
      { id: a.id, ok: true },
      {
        id: kept.id,
        ok: false,
        code: 'CASE_NOT_IN_TRASH',
        message: 'Only cases in the trash can be deleted for good',
      },
    ]);
    expect((await get(`/api/case-lists/${a.id}`, p.user.token)).statusCode).toBe(404);
    for (const key of keys) expect(await ctx.deps.storage.head(key)).toBeNull();
    const emptied = await post('/api/empty-trash', {}, p.user.token);
    expect(emptied.json()).toEqual({
      deleted: 1,
      companies: [{ company_id: p.id, company_name: expect.any(String), deleted: 1, locked: 0 }],
    });
    expect((await get(`/api/case-lists/${b.id}`, p.user.token)).statusCode).toBe(404);
    expect((await get(`/api/case-lists/${kept.id}`, p.user.token)).statusCode).toBe(200);
    // Another company's trash is not found.
    const other = await practice();
    expect((await post('/api/empty-trash', { company_id: p.id }, other.user.token)).statusCode).toBe(404);
  });
});

describe('POST /api/empty-trash', () => {
  type Emptied = { company_id: string; company_name: string; deleted: number; locked: number };
  const nameOf = async (id: string) =>
    (await ctx.deps.db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, id)))[0]!.name;
  const trashed = (companyId: string) => caseOf(companyId, { status: 'trash', previousStatus: 'approved' });
  const exists = async (id: string) =>
    (await ctx.deps.db.select({ id: cases.id }).from(cases).where(eq(cases.id, id))).length === 1;
  const entriesFor = (answer: { companies: Emptied[] }, ids: string[]) =>
    answer.companies.filter((entry) => ids.includes(entry.company_id));

  it('answers 400 for a malformed company and 403 without the delete permission', async () => {
    const p = await practice();
    const a = await trashed(p.id);
    const bad = await post('/api/empty-trash', { company_id: 'nope' }, p.user.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['company_id']);
    // A sales partner works with companies, not with their cases.
    const salesPartner = await member(p.id, ['sales-partner']);
    expect((await post('/api/empty-trash', {}, salesPartner.token)).statusCode).toBe(403);
    expect((await post('/api/empty-trash', { dry_run: true }, salesPartner.token)).statusCode).toBe(403);
    expect(await exists(a.id)).toBe(true);
  });

  it('empties the trash of every company the back office sees, and says how many cases went per company', async () => {
    const first = await company({ name: 'Practice A' });
    const second = await company({ name: 'Practice B' });
    const [a1, a2, b1] = [await trashed(first), await trashed(first), await trashed(second)];
    const kept = await caseOf(first, { status: 'approved' });
    const expected = [
      { company_id: first, company_name: await nameOf(first), deleted: 2, locked: 0 },
      { company_id: second, company_name: await nameOf(second), deleted: 1, locked: 0 },
    ];

    // Asked first (the confirmation's question): the same answer, and nothing deleted.
    const asked = await post('/api/empty-trash', { dry_run: true }, staffToken);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(entriesFor(asked.json(), [first, second])).toEqual(expected);
    for (const row of [a1, a2, b1]) expect(await exists(row.id)).toBe(true);

    const emptied = await post('/api/empty-trash', {}, staffToken);
    expect(emptied.statusCode, emptied.body).toBe(200);
    const answer = emptied.json() as { deleted: number; companies: Emptied[] };
    expect(entriesFor(answer, [first, second])).toEqual(expected);
    // The total is the sum of the companies' counts, sorted by company name.
    expect(answer.deleted).toBe(answer.companies.reduce((sum, entry) => sum + entry.deleted, 0));
    const names = answer.companies.map((entry) => entry.company_name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    for (const row of [a1, a2, b1]) expect(await exists(row.id)).toBe(false);
    expect(await exists(kept.id)).toBe(true);

    // With a company: that company's trash only.
    const c1 = await trashed(first);
    const c2 = await trashed(second);
    const one = await post('/api/empty-trash', { company_id: second }, staffToken);
    expect(one.json()).toEqual({
      deleted: 1,
      companies: [{ company_id: second, company_name: await nameOf(second), deleted: 1, locked: 0 }],
    });
    expect([await exists(c1.id), await exists(c2.id)]).toEqual([true, false]);
    // An empty trash: nothing to name.
    expect((await post('/api/empty-trash', { company_id: second }, staffToken)).json()).toEqual({
      deleted: 0,
      companies: [],
    });
    expect((await post('/api/empty-trash', { company_id: randomUUID() }, staffToken)).statusCode).toBe(404);
  });

  it("lets a reseller empty its customers' trash, never another branch's", async () => {
    const reseller = await company({ name: 'Reseller' });
    // Named so that the answer's order (by company name) is known.
    const customer = await company({ name: 'Customer A', resellerId: reseller });
    const below = await company({ name: 'Customer B', resellerId: customer });
    const otherReseller = await company({ name: 'Other reseller' });
    const stranger = await company({ name: 'Stranger', resellerId: otherReseller });
    const resellerUser = await member(reseller, ['reseller']);
    const [mine, deeper, foreign] = [await trashed(customer), await trashed(below), await trashed(stranger)];

    const emptied = await post('/api/empty-trash', {}, resellerUser.token);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toEqual({
      deleted: 2,
      companies: [
        { company_id: customer, company_name: await nameOf(customer), deleted: 1, locked: 0 },
        { company_id: below, company_name: await nameOf(below), deleted: 1, locked: 0 },
      ],
    });
    expect([await exists(mine.id), await exists(deeper.id), await exists(foreign.id)]).toEqual([false, false, true]);
    // Another branch's company is not found, and its trash stays.
    expect((await post('/api/empty-trash', { company_id: stranger }, resellerUser.token)).statusCode).toBe(404);
    expect(
      (await post('/api/empty-trash', { company_id: stranger, dry_run: true }, resellerUser.token)).statusCode,
    ).toBe(404);
    expect(await exists(foreign.id)).toBe(true);
  });

  it('lets a practice empty its own trash only', async () => {
    const p = await practice();
    const other = await practice();
    const [own, foreign] = [await trashed(p.id), await trashed(other.id)];
    const emptied = await post('/api/empty-trash', {}, p.user.token);
    expect(emptied.json()).toEqual({
      deleted: 1,
      companies: [{ company_id: p.id, company_name: await nameOf(p.id), deleted: 1, locked: 0 }],
    });
    expect([await exists(own.id), await exists(foreign.id)]).toEqual([false, true]);
    expect((await post('/api/empty-trash', { company_id: other.id }, p.user.token)).statusCode).toBe(404);
    expect(await exists(foreign.id)).toBe(true);
  });

  it('leaves a case another user holds locked in the trash, and says so', async () => {
    const p = await practice();
    const colleague = await member(p.id);
    const locked = await trashed(p.id);
    const open = await trashed(p.id);
    await ctx.deps.db
      .update(cases)
      .set({ lockedBy: colleague.id, lockedAt: new Date() })
      .where(eq(cases.id, locked.id));
    const expected = {
      deleted: 1,
      companies: [{ company_id: p.id, company_name: await nameOf(p.id), deleted: 1, locked: 1 }],
    };
    expect((await post('/api/empty-trash', { dry_run: true }, p.user.token)).json()).toEqual(expected);
    expect((await post('/api/empty-trash', {}, p.user.token)).json()).toEqual(expected);
    expect([await exists(locked.id), await exists(open.id)]).toEqual([true, false]);
    // The back office (not an administrator) leaves it too; the locker empties it.
    const staff = await post('/api/empty-trash', { company_id: p.id }, staffToken);
    expect(staff.json()).toMatchObject({ deleted: 0, companies: [{ company_id: p.id, deleted: 0, locked: 1 }] });
    expect((await post('/api/empty-trash', {}, colleague.token)).json()).toMatchObject({ deleted: 1 });
    expect(await exists(locked.id)).toBe(false);
  });
});

describe('cases: results, ratings, files', () => {
  it('rates a result (again: replaces the rating) and changes result statuses as staff', async () => {
    const p = await practice();
    const { id, resultId } = await caseOf(p.id, { withResult: true });
    const rated = await post(
      '/api/save-rating',
      { result_id: resultId, stars: 2, reasons: ['margin', 'contacts'], comment: 'Margin short on 11' },
      p.user.token,
    );
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().ratings).toEqual([
      expect.objectContaining({ stars: 2, reasons: ['margin', 'contacts'], comment: 'Margin short on 11' }),
    ]);
    const again = await post('/api/save-rating', { result_id: resultId, stars: 4 }, p.user.token);
    expect(again.json().ratings).toEqual([expect.objectContaining({ stars: 4, reasons: [], comment: null })]);
    const hidden = await post('/api/update-result-status', { id: resultId, status: 'hidden' }, staffToken);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(`/api/get-multiple-results/${id}`, p.user.token)).json().data).toEqual([]);
    expect((await get(`/api/get-multiple-results/${id}`, staffToken)).json().data).toHaveLength(1);
    const wrong = await post('/api/update-result-status', { id: resultId, status: 'approved' }, staffToken);
    expect(wrong.json().code).toBe('CASE_RESULT_TRANSITION_NOT_ALLOWED');
  });

  it('downloads a jaw scan, a result file and the result as a ZIP', async () => {
    const p = await practice();
    const { id, resultId, resultFileId } = await caseOf(p.id, { withResult: true });
    const stl = tetrahedronStl();
    const jaw = await get(`/api/cases/${id}/jaws/upper/download`, p.user.token);
    expect(jaw.statusCode).toBe(200);
    expect(jaw.rawPayload.equals(stl)).toBe(true);
    expect(jaw.headers['content-disposition']).toContain('upper.stl');
    const file = await get(`/api/case-result-files/${resultFileId}/download`, p.user.token);
    expect(file.rawPayload.equals(stl)).toBe(true);
    const zip = await get(`/api/case-results/${resultId}/download`, p.user.token);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries)).toEqual(['upper-crown.stl']);
    expect(Buffer.from(entries['upper-crown.stl']!).equals(stl)).toBe(true);
  });

  it('mails the approval request to the creator or to an address', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id, { withResult: true, createdBy: p.user.id });
    const sent = await post(`/api/send-approve-mail/${id}`, { mail: 'lab@example.com' }, p.user.token);
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.companyId, p.id));
    expect(mails.map((m) => [m.event, m.to])).toEqual([['case.result-ready', 'lab@example.com']]);
    const none = await caseOf(p.id);
    expect((await post(`/api/send-approve-mail/${none.id}`, {}, p.user.token)).json().code).toBe('CASE_NO_RESULTS');
  });
});

describe('cases: teeth files', () => {
  const upload = (content: string, token: string) => {
    const body = multipart([{ name: 'file', fileName: 'teeth.csv', content: Buffer.from(content) }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/parse-teeth-file',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  it('reads the teeth of a file, and names the unknown numbers', async () => {
    const p = await practice();
    const ok = await upload('tooth\n11\n21\n36\n', p.user.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ upper_teeth: [11, 21], lower_teeth: [36] });
    const bad = await upload('11, 99', p.user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'TEETH_FILE_INVALID',
      message: 'Unknown tooth numbers: 99 (FDI 11–18, 21–28, 31–38, 41–48)',
      errors: { file: ['Unknown tooth numbers: 99 (FDI 11–18, 21–28, 31–38, 41–48)'] },
    });
    const none = await ctx.app.inject({ method: 'POST', url: '/api/parse-teeth-file', headers: bearer(p.user.token) });
    expect(none.statusCode).toBe(400);
  });
});

describe('cases in the global search', () => {
  it("finds the caller's cases by name or patient, never another company's", async () => {
    const p = await practice();
    const other = await practice();
    const tag = randomUUID().slice(0, 8);
    const mine = await caseOf(p.id, { name: `Onlay ${tag}`, status: 'approved' });
    await caseOf(other.id, { name: `Onlay ${tag}` });
    const response = await get(`/api/search?q=${tag}`, p.user.token);
    expect(response.statusCode, response.body).toBe(200);
    const group = response.json().groups.find((g: { area: string }) => g.area === 'cases');
    expect(group.items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    expect(group.items[0]).toMatchObject({ title: `Onlay ${tag}`, subtitle: expect.stringContaining('Patient P-1') });
    // The status as a code beside the English subtitle, for the web to name in the reader's language.
    expect(group.items[0]).toMatchObject({ details: ['Patient P-1', expect.any(String)], status: 'approved' });
  });
});

describe('submitting a case', () => {
  const upper = jawFixtureStl({ jaw: 'upper', triangles: 4000 });
  const lower = jawFixtureStl({ jaw: 'lower', triangles: 4000 });

  it('takes verified uploads, spends the price and queues the case with its jaws in one step', async () => {
    const p = await practice();
    const price = await post('/api/case-price', { upper_teeth: [11, 21], lower_teeth: [36] }, p.user.token);
    const credits = price.json().credits as number;
    expect(credits).toBeGreaterThan(0);
    await post(
      '/api/grant-credits',
      { company_id: p.id, credit_type: 'paid', amount: credits + 1, reason: 'manual_grant', note: 'Start' },
      adminToken,
    );
    const upperId = await uploadScan(ctx.app, p.user.token, upper, 'Smith UpperJaw.stl');
    const lowerId = await uploadScan(ctx.app, p.user.token, lower, 'Smith LowerJaw.stl');
    const created = await post(
      '/api/case-lists',
      {
        name: 'Crowns 11, 21, 36',
        patient: 'P-2026-17',
        patient_birth_year: 1971,
        upper_teeth: [21, 11, 11],
        lower_teeth: [36],
        upper_upload_id: upperId,
        lower_upload_id: lowerId,
      },
      p.user.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      status: 'queued',
      upper_teeth: [11, 21],
      lower_teeth: [36],
      credits_spent: credits,
      created_by: p.user.id,
      patient_birth_year: 1971,
      jaws: [
        { jaw: 'upper', status: 'queued', file_name: 'Smith UpperJaw.stl', size: upper.length },
        { jaw: 'lower', status: 'queued', file_name: 'Smith LowerJaw.stl', size: lower.length },
      ],
    });
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(1);
    const spent = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.caseId, body.id), eq(creditLedger.reason, 'case_submission')));
    expect(spent.map((e) => e.amount)).toEqual([-credits]);
    // The scan downloads as it was uploaded.
    const scan = await get(`/api/cases/${body.id}/jaws/upper/download`, p.user.token);
    expect(scan.rawPayload.equals(Buffer.from(upper))).toBe(true);
    // An upload makes one case only.
    const again = await post(
      '/api/case-lists',
      { name: 'Again', patient: 'P', upper_teeth: [11], lower_teeth: [], upper_upload_id: upperId },
      p.user.token,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'CASE_UPLOAD_UNUSABLE',
      errors: { upper_upload_id: ['This scan upload was used for a case already'] },
    });
    // The job the submission queued processes it to approval.
    await processCase(ctx.deps, { caseId: body.id, run: 1 });
    expect((await get(`/api/case-lists/${body.id}`, p.user.token)).json().status).toBe('in-approval');
    expect(await ledgerMismatches(ctx.deps.db, p.id)).toEqual([]);
    // The review; then every line of the history is a code with parameters, and the English message for API clients.
    expect((await post('/api/approve-case', { id: body.id, approved: true }, p.user.token)).statusCode).toBe(200);
    const logs = (await get(`/api/case-logs/${body.id}`, p.user.token)).json().data as CaseLog[];
    expect(
      logs.map(({ code, params, message, from_status, to_status }) => ({
        code,
        params,
        message,
        from_status,
        to_status,
      })),
    ).toEqual([
      {
        code: 'result-status',
        params: { version: 1, from: 'done', to: 'approved' },
        message: 'Result 1: done → approved',
        from_status: null,
        to_status: null,
      },
      {
        code: 'status',
        params: { from: 'in-approval', to: 'approved' },
        message: 'Status: in-approval → approved',
        from_status: 'in-approval',
        to_status: 'approved',
      },
      {
        code: 'results-ready',
        params: {},
        message: 'Results ready for review',
        from_status: 'done',
        to_status: 'in-approval',
      },
      {
        code: 'processing-done',
        params: {},
        message: 'Processing done',
        from_status: 'in-progress',
        to_status: 'done',
      },
      {
        code: 'result-saved',
        params: { version: 1, files: 3 },
        message: 'Result 1 saved (3 files)',
        from_status: null,
        to_status: null,
      },
      {
        code: 'processing-started',
        params: { engine: 'reference' },
        message: 'Processing started (reference engine)',
        from_status: 'queued',
        to_status: 'in-progress',
      },
      {
        code: 'submitted',
        params: { credits, teeth: 3 },
        message: `Submitted: ${credits} credits for 3 teeth`,
        from_status: null,
        to_status: 'queued',
      },
    ]);
    // The code and parameters are not repeated in the details.
    expect(logs.at(-1)!.details).toEqual({ credits, upper_teeth: [11, 21], lower_teeth: [36] });
  });

  it('answers a history line written before codes with its stored message and no code', async () => {
    const p = await practice();
    const { id } = await caseOf(p.id, { status: 'queued', createdBy: p.user.id });
    await ctx.deps.db.delete(caseLogs).where(eq(caseLogs.caseId, id));
    await ctx.deps.db
      .insert(caseLogs)
      .values({ caseId: id, kind: 'status', message: 'Status: queued → failed', details: null });
    await ctx.deps.db.insert(caseLogs).values({
      caseId: id,
      kind: 'mail',
      message: 'Old mail line',
      details: { message_code: 'no-such-code', note: 'x' },
    });
    const logs = (await get(`/api/case-logs/${id}`, p.user.token)).json().data as CaseLog[];
    expect(logs.map(({ code, params, message, details }) => ({ code, params, message, details }))).toEqual([
      { code: null, params: null, message: 'Old mail line', details: { note: 'x' } },
      { code: null, params: null, message: 'Status: queued → failed', details: null },
    ]);
  });

  it("answers 'Not enough credits' and creates nothing; the upload stays usable", async () => {
    const p = await practice();
    const upperId = await uploadScan(ctx.app, p.user.token, upper);
    const input = { name: 'Crown', patient: 'P', upper_teeth: [11], lower_teeth: [], upper_upload_id: upperId };
    const refused = await post('/api/case-lists', input, p.user.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'NOT_ENOUGH_CREDITS', message: 'Not enough credits' });
    expect((await get('/api/case-lists', p.user.token)).json().total).toBe(0);
    await post(
      '/api/grant-credits',
      { company_id: p.id, credit_type: 'free', amount: 100, reason: 'manual_grant', note: 'Trial' },
      adminToken,
    );
    expect((await post('/api/case-lists', input, p.user.token)).statusCode).toBe(201);
  });

  it("refuses another company's upload like an unknown one, and names missing scans", async () => {
    const p = await practice();
    const other = await practice();
    const theirs = await uploadScan(ctx.app, other.user.token, upper);
    const input = { name: 'Crown', patient: 'P', upper_teeth: [11], lower_teeth: [] };
    const foreign = await post('/api/case-lists', { ...input, upper_upload_id: theirs }, p.user.token);
    const unknown = await post('/api/case-lists', { ...input, upper_upload_id: randomUUID() }, p.user.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual(unknown.json().errors);
    const missing = await post('/api/case-lists', input, p.user.token);
    expect(missing.json().errors).toEqual({ upper_upload_id: ['Upload at least one jaw scan'] });
    const mismatch = await post(
      '/api/case-lists',
      {
        ...input,
        upper_teeth: [11],
        lower_teeth: [36],
        upper_upload_id: await uploadScan(ctx.app, p.user.token, upper),
      },
      p.user.token,
    );
    expect(mismatch.json().errors).toEqual({
      lower_upload_id: ['Upload the lower jaw scan for the lower teeth you chose'],
    });
  });
});
