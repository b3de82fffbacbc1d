import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { flags } from './flags.schema';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

/** Names unique to one test (a shared PostgreSQL keeps the definitions of earlier runs). */
const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

async function tokenFor(roles: string[], companyId?: string) {
  const user = await createTestUser(ctx.deps, { roles, ...(companyId ? { companyId } : {}) });
  return { user, token: (await loginAs(ctx.app, user.mail)).token };
}

async function createDefinition(body: Record<string, unknown>) {
  const response = await call('POST', '/api/flags', adminToken, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; kind: string; colour: string };
}

/** A company created by the back office, with a reseller user in it. */
async function resellerCompany() {
  const company = (
    await call('POST', '/api/companies', adminToken, { company_name: unique('Flag Co'), country: 'DE' })
  ).json();
  return { company, ...(await tokenFor(['reseller'], company.id)) };
}

/** A company below the reseller's company (so the reseller sees it). */
async function customerOf(resellerCompanyId: string) {
  const response = await call('POST', '/api/companies', adminToken, {
    company_name: unique('Customer'),
    country: 'DE',
    reseller_id: resellerCompanyId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function auditEntries(entity: string, entityId: string) {
  return ctx.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at));
}

describe('flag and tag definitions', () => {
  it('answers 401 without a session, before validation', async () => {
    const id = randomUUID();
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/flags'],
      ['POST', '/api/flags', {}],
      ['GET', `/api/flags/${id}`],
      ['GET', '/api/flags/not-a-uuid'],
      ['PUT', `/api/flags/${id}`, {}],
      ['DELETE', `/api/flags/${id}`],
      ['POST', '/api/create-flags', {}],
      ['POST', '/api/update-flags', {}],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without backoffice-flag (managing) or a labelling permission (reading, labelling)', async () => {
    const id = (await createDefinition({ name: unique('Urgent'), kind: 'flag' })).id;
    const affiliate = await tokenFor(['affiliate']);
    for (const [method, url, body] of [
      ['GET', '/api/flags'],
      ['GET', `/api/flags/${id}`],
      ['POST', '/api/flags', {}],
      ['PUT', `/api/flags/${id}`, {}],
      ['DELETE', `/api/flags/${id}`],
      ['POST', '/api/create-flags', {}],
      ['POST', '/api/update-flags', {}],
    ] as [Method, string, unknown?][]) {
      expect((await call(method, url, affiliate.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // A practice reads the definitions to label its cases, but does not manage them.
    const practice = await tokenFor(['end-user']);
    expect((await call('GET', '/api/flags', practice.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/flags', practice.token, { name: 'x', kind: 'tag' })).statusCode).toBe(403);
    // A reseller labels its companies and reads the definitions, but does not manage them.
    const reseller = await tokenFor(['reseller']);
    expect((await call('GET', '/api/flags', reseller.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/flags/${id}`, reseller.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/flags', reseller.token, { name: 'x', kind: 'tag' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/flags/${id}`, reseller.token, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/flags/${id}`, reseller.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/create-flags', reseller.token, { items: [] })).statusCode).toBe(403);
    // Back-office employees manage them (the seed grants backoffice-flag with every back-office permission).
    const employee = await tokenFor(['employee']);
    const created = await call('POST', '/api/flags', employee.token, { name: unique('Check'), kind: 'tag' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().created_by).toBe(employee.user.id);
  });

  it('answers 400 with field messages for bad input', async () => {
    const bad = await call('POST', '/api/flags', adminToken, {
      name: ' ',
      kind: 'label',
      colour: 'red',
      applies_to: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: ['The Name field is required'],
      colour: ['Choose a colour as #RRGGBB'],
      applies_to: ['Choose at least one kind of record'],
    });
    expect(bad.json().errors.kind).toBeDefined();
    expect((await call('POST', '/api/flags', adminToken, { name: 'x'.repeat(61), kind: 'tag' })).statusCode).toBe(400);
    expect((await call('GET', '/api/flags?kind=label', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/flags?applies_to=invoice', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/flags/not-a-uuid', adminToken)).statusCode).toBe(400);
    expect((await call('PUT', `/api/flags/${randomUUID()}`, adminToken, { colour: '#12345' })).statusCode).toBe(400);
    expect((await call('POST', '/api/create-flags', adminToken, { items: [] })).statusCode).toBe(400);
    const item = await call('POST', '/api/create-flags', adminToken, {
      items: [
        { name: 'Fine', kind: 'tag' },
        { name: '', kind: 'tag' },
      ],
    });
    expect(item.statusCode).toBe(400);
    expect(item.json().errors['items.1.name']).toEqual(['The Name field is required']);
  });

  it('answers 404 for an unknown definition', async () => {
    const id = randomUUID();
    expect((await call('GET', `/api/flags/${id}`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', `/api/flags/${id}`, adminToken, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/flags/${id}`, adminToken)).statusCode).toBe(404);
  });

  it('creates, lists, reads, updates and deletes definitions, and audits each change', async () => {
    const prefix = randomUUID().slice(0, 8);
    const flag = await call('POST', '/api/flags', adminToken, {
      name: `  ${prefix} Payment overdue `,
      kind: 'flag',
      colour: '#e03131',
      description: 'Invoices unpaid for 30 days',
      applies_to: ['case', 'company'],
    });
    expect(flag.statusCode, flag.body).toBe(201);
    expect(flag.json()).toMatchObject({
      name: `${prefix} Payment overdue`,
      kind: 'flag',
      colour: '#E03131',
      description: 'Invoices unpaid for 30 days',
      applies_to: ['company', 'case'],
      usage_count: 0,
    });
    // Without a colour, a palette colour; without record types, every type.
    const tag = (await call('POST', '/api/flags', adminToken, { name: `${prefix} VIP`, kind: 'tag' })).json();
    expect(tag.colour).toMatch(/^#[0-9A-F]{6}$/);
    expect(tag.applies_to).toEqual(['company', 'case']);
    const caseTag = await createDefinition({ name: `${prefix} Rescan`, kind: 'tag', applies_to: ['case'] });

    const all = await call('GET', `/api/flags?search=${prefix}`, adminToken);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().data.map((f: { name: string }) => f.name)).toEqual([
      `${prefix} Payment overdue`,
      `${prefix} Rescan`,
      `${prefix} VIP`,
    ]);
    const tags = (await call('GET', `/api/flags?search=${prefix}&kind=tag&applies_to=company`, adminToken)).json();
    expect(tags).toMatchObject({ total: 1, data: [{ id: tag.id }] });
    const paged = (await call('GET', `/api/flags?search=${prefix}&per_page=1&page=2&sort_by=name`, adminToken)).json();
    expect(paged).toMatchObject({ total: 3, data: [{ id: caseTag.id }] });

    expect((await call('GET', `/api/flags/${tag.id}`, adminToken)).json()).toMatchObject({ id: tag.id, kind: 'tag' });

    const renamed = await call('PUT', `/api/flags/${tag.id}`, adminToken, {
      name: `${prefix} Key account`,
      colour: '#1c7ed6',
      description: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: `${prefix} Key account`, colour: '#1C7ED6', description: null });
    const update = (await auditEntries('flag', tag.id)).find((e) => e.action === 'update');
    expect(update?.changes.name).toEqual({ old: `${prefix} VIP`, new: `${prefix} Key account` });
    expect(update?.changes).not.toHaveProperty('usage_count');

    const deleted = await call('DELETE', `/api/flags/${caseTag.id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The tag was deleted');
    expect((await call('GET', `/api/flags/${caseTag.id}`, adminToken)).statusCode).toBe(404);
    expect((await auditEntries('flag', caseTag.id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('refuses a name its kind already has, whatever the case, with a field error', async () => {
    const name = unique('Late payer');
    await createDefinition({ name, kind: 'tag' });
    const taken = await call('POST', '/api/flags', adminToken, { name: name.toUpperCase(), kind: 'tag' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.name).toEqual([`A tag named "${name.toUpperCase()}" already exists`]);
    // A flag may share a tag's name.
    const flag = await createDefinition({ name, kind: 'flag' });
    const other = await createDefinition({ name: unique('Other'), kind: 'tag' });
    const rename = await call('PUT', `/api/flags/${other.id}`, adminToken, { name });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors.name).toEqual([`A tag named "${name}" already exists`]);
    const kindChange = await call('PUT', `/api/flags/${flag.id}`, adminToken, { kind: 'tag' });
    expect(kindChange.statusCode).toBe(409);
    expect(kindChange.json().errors.name).toBeDefined();
  });
});

describe('POST /api/create-flags', () => {
  it('creates every definition of the list', async () => {
    const prefix = randomUUID().slice(0, 8);
    const response = await call('POST', '/api/create-flags', adminToken, {
      items: [
        { name: `${prefix} Gold`, kind: 'tag', colour: '#F59F00' },
        { name: `${prefix} Silver`, kind: 'tag' },
        { name: `${prefix} Blocked`, kind: 'flag', applies_to: ['company'] },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('3 definitions were created');
    expect(response.json().data.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      [`${prefix} Gold`, 'tag'],
      [`${prefix} Silver`, 'tag'],
      [`${prefix} Blocked`, 'flag'],
    ]);
    expect((await call('GET', `/api/flags?search=${prefix}`, adminToken)).json().total).toBe(3);
    const [gold] = response.json().data;
    expect((await auditEntries('flag', gold.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('creates nothing when one name is taken or repeated, and names each refused item', async () => {
    const prefix = randomUUID().slice(0, 8);
    await createDefinition({ name: `${prefix} Existing`, kind: 'tag' });
    const response = await call('POST', '/api/create-flags', adminToken, {
      items: [
        { name: `${prefix} New`, kind: 'tag' },
        { name: `${prefix} existing`, kind: 'tag' },
        { name: `${prefix} Twice`, kind: 'tag' },
        { name: `${prefix} TWICE`, kind: 'tag' },
        { name: `${prefix} Existing`, kind: 'flag' },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({
      'items.1.name': [`A tag named "${prefix} existing" already exists`],
      'items.3.name': [`"${prefix} TWICE" is already in the list (item 3)`],
    });
    const names = await ctx.deps.db.select({ name: flags.name }).from(flags);
    expect(names.filter((n) => n.name.startsWith(prefix)).map((n) => n.name)).toEqual([`${prefix} Existing`]);
  });
});

describe('POST /api/update-flags', () => {
  it('sets the flag and adds and removes tags on several companies, audited per company', async () => {
    const prefix = randomUUID().slice(0, 8);
    const reseller = await resellerCompany();
    const [a, b] = [await customerOf(reseller.company.id), await customerOf(reseller.company.id)];
    const urgent = await createDefinition({ name: `${prefix} Urgent`, kind: 'flag', colour: '#E03131' });
    const hold = await createDefinition({ name: `${prefix} On hold`, kind: 'flag' });
    const vip = await createDefinition({ name: `${prefix} VIP`, kind: 'tag', colour: '#7048E8' });
    const dach = await createDefinition({ name: `${prefix} DACH`, kind: 'tag' });

    const first = await call('POST', '/api/update-flags', reseller.token, {
      type: 'company',
      ids: [a.id, b.id, a.id],
      flag_id: urgent.id,
      add_tag_ids: [vip.id, dach.id],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('The labels of 2 companies were saved');
    const urgentRef = { id: urgent.id, name: urgent.name, colour: '#E03131' };
    expect(first.json().data).toEqual([
      {
        id: a.id,
        flag: urgentRef,
        tags: [
          { id: dach.id, name: dach.name, colour: dach.colour },
          { id: vip.id, name: vip.name, colour: '#7048E8' },
        ],
      },
      expect.objectContaining({ id: b.id, flag: urgentRef }),
    ]);

    const second = await call('POST', '/api/update-flags', reseller.token, {
      type: 'company',
      ids: [a.id],
      flag_id: hold.id,
      remove_tag_ids: [vip.id],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toBe('The labels of the company were saved');
    const company = (await call('GET', `/api/companies/${a.id}`, reseller.token)).json();
    expect(company.flag).toEqual({ id: hold.id, name: hold.name, colour: hold.colour });
    expect(company.tags).toEqual([{ id: dach.id, name: dach.name, colour: dach.colour }]);

    const cleared = await call('POST', '/api/update-flags', reseller.token, {
      type: 'company',
      ids: [a.id],
      flag_id: null,
    });
    expect(cleared.json().data).toEqual([{ id: a.id, flag: null, tags: [expect.objectContaining({ id: dach.id })] }]);

    const history = await auditEntries('company', a.id);
    const labelEntries = history.filter((e) => e.action === 'update');
    expect(labelEntries).toHaveLength(3);
    expect(labelEntries[0]!.changes).toEqual({
      flag_id: { old: hold.id, new: null },
      flag: { old: hold.name, new: null },
    });
    expect(labelEntries[1]!.changes.tags).toEqual({ old: [dach.name, vip.name], new: [dach.name] });
    expect(labelEntries[0]).toMatchObject({ companyId: a.id, actorUserId: reseller.user.id });
    // Re-sending a change that changes nothing writes no entry.
    await call('POST', '/api/update-flags', reseller.token, { type: 'company', ids: [a.id], flag_id: null });
    expect((await auditEntries('company', a.id)).filter((e) => e.action === 'update')).toHaveLength(3);

    // The definitions count the records the caller may see.
    const usage = (await call('GET', `/api/flags?search=${prefix}&kind=tag`, reseller.token)).json();
    expect(usage.data.map((f: { name: string; usage_count: number }) => [f.name, f.usage_count])).toEqual([
      [dach.name, 2],
      [vip.name, 1],
    ]);
    const stranger = await tokenFor(['reseller']);
    const strangerUsage = (await call('GET', `/api/flags?search=${prefix}&kind=tag`, stranger.token)).json();
    expect(strangerUsage.data.map((f: { usage_count: number }) => f.usage_count)).toEqual([0, 0]);
  });

  it("answers 404 for another company's record and changes none of the others", async () => {
    const mine = await resellerCompany();
    const theirs = await resellerCompany();
    const own = await customerOf(mine.company.id);
    const foreign = await customerOf(theirs.company.id);
    const tag = await createDefinition({ name: unique('Audit'), kind: 'tag' });
    const response = await call('POST', '/api/update-flags', mine.token, {
      type: 'company',
      ids: [own.id, foreign.id],
      add_tag_ids: [tag.id],
    });
    expect(response.statusCode).toBe(404);
    expect((await call('GET', `/api/companies/${own.id}`, mine.token)).json().tags).toEqual([]);
    expect((await call('GET', `/api/companies/${foreign.id}`, adminToken)).json().tags).toEqual([]);
    expect(
      (await call('POST', '/api/update-flags', mine.token, { type: 'company', ids: [randomUUID()], flag_id: null }))
        .statusCode,
    ).toBe(404);
    // The back office sees every company.
    const staff = await call('POST', '/api/update-flags', adminToken, {
      type: 'company',
      ids: [own.id, foreign.id],
      add_tag_ids: [tag.id],
    });
    expect(staff.statusCode, staff.body).toBe(200);
  });

  it('answers 400 for bad input, definitions of the wrong kind, unknown ones and ones not for companies', async () => {
    const { token, company } = await resellerCompany();
    const flag = await createDefinition({ name: unique('Flag'), kind: 'flag' });
    const tag = await createDefinition({ name: unique('Tag'), kind: 'tag' });
    const caseFlag = await createDefinition({ name: unique('Case only'), kind: 'flag', applies_to: ['case'] });
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/update-flags', token, { type: 'company', ids: [company.id], ...body });

    const nothing = await post({});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors.flag_id).toEqual(['Choose a flag or tags to set or remove']);
    const both = await post({ add_tag_ids: [tag.id], remove_tag_ids: [tag.id] });
    expect(both.json().errors.remove_tag_ids).toEqual(['A tag cannot be added and removed at once']);
    expect((await post({ type: 'invoice', flag_id: null })).statusCode).toBe(400);
    expect((await post({ ids: [], flag_id: null })).statusCode).toBe(400);
    expect((await post({ ids: ['nope'], flag_id: null })).statusCode).toBe(400);

    const wrongKind = await post({ flag_id: tag.id, add_tag_ids: [flag.id] });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toEqual({
      flag_id: ['The flag was not found'],
      add_tag_ids: ['The tag was not found'],
    });
    const notForCompanies = await post({ flag_id: caseFlag.id });
    expect(notForCompanies.statusCode).toBe(400);
    expect(notForCompanies.json().errors.flag_id).toEqual([`Flag "${caseFlag.name}" does not apply to companies`]);
    expect((await post({ remove_tag_ids: [randomUUID()] })).json().errors.remove_tag_ids).toEqual([
      'The tag was not found',
    ]);
    expect((await call('GET', `/api/companies/${company.id}`, token)).json()).toMatchObject({ flag: null, tags: [] });
  });
});

describe('who reads the labels of a company', () => {
  it('leaves them out of /my-company for users who may not label companies', async () => {
    const { company, token: resellerToken } = await resellerCompany();
    const tag = await createDefinition({ name: unique('Late payer'), kind: 'tag' });
    const labelled = await call('POST', '/api/update-flags', adminToken, {
      type: 'company',
      ids: [company.id],
      add_tag_ids: [tag.id],
    });
    expect(labelled.statusCode, labelled.body).toBe(200);
    const practice = await tokenFor(['end-user'], company.id);
    const own = await call('GET', '/api/my-company', practice.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('tags');
    expect(own.json()).not.toHaveProperty('flag');
    const partner = (await call('GET', '/api/my-company', resellerToken)).json();
    expect(partner).toMatchObject({ flag: null, tags: [{ id: tag.id }] });
  });
});

describe('changing and deleting definitions in use', () => {
  it('refuses to change the kind or drop a record type that records still carry, naming how many', async () => {
    const { token, company } = await resellerCompany();
    const other = await customerOf(company.id);
    const tag = await createDefinition({ name: unique('Used'), kind: 'tag', applies_to: ['company', 'case'] });
    await call('POST', '/api/update-flags', token, {
      type: 'company',
      ids: [company.id, other.id],
      add_tag_ids: [tag.id],
    });

    const kind = await call('PUT', `/api/flags/${tag.id}`, adminToken, { kind: 'flag' });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().errors.kind).toEqual(['This tag is set on 2 records; remove it there before making it a flag']);
    const types = await call('PUT', `/api/flags/${tag.id}`, adminToken, { applies_to: ['case'] });
    expect(types.statusCode).toBe(409);
    expect(types.json().errors.applies_to).toEqual(['This tag is set on 2 companies; remove it there first']);
    // Dropping a type nobody uses is fine.
    const dropCase = await call('PUT', `/api/flags/${tag.id}`, adminToken, { applies_to: ['company'] });
    expect(dropCase.statusCode, dropCase.body).toBe(200);
    expect(dropCase.json()).toMatchObject({ applies_to: ['company'], usage_count: 2 });
  });

  it('deleting a definition takes it off every record, with an audit entry per record', async () => {
    const { token, company } = await resellerCompany();
    const flag = await createDefinition({ name: unique('Doomed'), kind: 'flag' });
    const tag = await createDefinition({ name: unique('Doomed tag'), kind: 'tag' });
    await call('POST', '/api/update-flags', token, {
      type: 'company',
      ids: [company.id],
      flag_id: flag.id,
      add_tag_ids: [tag.id],
    });
    const deleted = await call('DELETE', `/api/flags/${flag.id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The flag was deleted and removed from 1 record');
    const after = (await call('GET', `/api/companies/${company.id}`, token)).json();
    expect(after).toMatchObject({ flag: null, tags: [{ id: tag.id }] });
    const [removal] = (await auditEntries('company', company.id)).filter((e) => e.action === 'update');
    expect(removal!.changes).toEqual({ flag_id: { old: flag.id, new: null }, flag: { old: flag.name, new: null } });
    const rows = await ctx.deps.db
      .select()
      .from(flags)
      .where(inArray(flags.id, [flag.id, tag.id]));
    expect(rows.map((r) => r.id)).toEqual([tag.id]);
  });
});
