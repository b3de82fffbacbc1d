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

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

async function resellerCompany(fields: Record<string, unknown> = {}) {
  const company = (
    await call('POST', '/api/companies', adminToken, { company_name: 'Unit Co', country: 'DE', ...fields })
  ).json();
  const user = await createTestUser(ctx.deps, { roles: ['reseller'], companyId: company.id });
  return { company, user, token: (await loginAs(ctx.app, user.mail)).token };
}

describe('units', () => {
  it('answers 403 without backoffice-unit', async () => {
    const id = crypto.randomUUID();
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/show-unit'],
      ['GET', '/api/units'],
      ['POST', '/api/units', {}],
      ['GET', `/api/units/${id}`],
      ['PUT', `/api/units/${id}`, {}],
      ['DELETE', `/api/units/${id}`],
      ['POST', '/api/delete-units', {}],
      ['POST', '/api/detach-unit', {}],
    ];
    const practice = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const practiceToken = (await loginAs(ctx.app, practice.mail)).token;
    for (const [method, url, body] of requests) {
      expect((await call(method, url, practiceToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 400 for bad input', async () => {
    const { token } = await resellerCompany();
    const missingName = await call('POST', '/api/units', token, { name: '' });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().errors.name).toEqual(['This field is required']);
    expect((await call('POST', '/api/delete-units', token, { ids: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/detach-unit', token, { unit_id: 'x' })).statusCode).toBe(400);
    expect((await call('GET', '/api/units/nope', token)).statusCode).toBe(400);
  });

  it('builds a tree of units with members, moves, detaches and deletes them', async () => {
    const { company, user, token } = await resellerCompany();
    const colleague = await createTestUser(ctx.deps, { companyId: company.id });
    const stranger = await createTestUser(ctx.deps);

    const root = await call('POST', '/api/units', token, { name: 'Head office', user_ids: [user.id, colleague.id] });
    expect(root.statusCode).toBe(201);
    expect(root.json()).toMatchObject({ company_id: company.id, parent_id: null, name: 'Head office' });
    expect(root.json().user_ids.sort()).toEqual([user.id, colleague.id].sort());
    const rootId = root.json().id;
    const lab = (await call('POST', '/api/units', token, { name: 'Lab', parent_id: rootId })).json();
    const scan = (await call('POST', '/api/units', token, { name: 'Scan room', parent_id: lab.id })).json();

    const foreign = await call('POST', '/api/units', token, { name: 'X', user_ids: [stranger.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.user_ids).toEqual(['Only users of the same company can belong to a unit']);
    const loop = await call('PUT', `/api/units/${rootId}`, token, { parent_id: scan.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors.parent_id).toEqual(['A unit cannot be placed below itself']);

    const tree = await call('GET', '/api/show-unit', token);
    expect(tree.statusCode).toBe(200);
    expect(tree.json().data.map((u: { name: string; parent_id: string | null }) => [u.name, u.parent_id])).toEqual([
      ['Head office', null],
      ['Lab', rootId],
      ['Scan room', lab.id],
    ]);
    const list = await call('GET', `/api/units?search=lab&company_id=${company.id}`, token);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: lab.id }] });

    const moved = await call('PUT', `/api/units/${scan.id}`, token, { parent_id: rootId, name: 'Scanner' });
    expect(moved.json()).toMatchObject({ parent_id: rootId, name: 'Scanner' });

    const detached = await call('POST', '/api/detach-unit', token, { unit_id: rootId, user_id: colleague.id });
    expect(detached.statusCode).toBe(200);
    expect((await call('GET', `/api/units/${rootId}`, token)).json().user_ids).toEqual([user.id]);
    expect((await call('POST', '/api/detach-unit', token, { unit_id: rootId, user_id: colleague.id })).statusCode).toBe(
      404,
    );

    expect((await call('DELETE', `/api/units/${lab.id}`, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/delete-units', token, { ids: [rootId] })).statusCode).toBe(200);
    expect((await call('GET', '/api/show-unit', token)).json().data).toEqual([]);
  });

  it("answers 404 for another company's units and deletes nothing when one id is foreign", async () => {
    const mine = await resellerCompany();
    const other = await resellerCompany();
    const own = (await call('POST', '/api/units', mine.token, { name: 'Mine' })).json();
    const theirs = (await call('POST', '/api/units', other.token, { name: 'Theirs' })).json();
    expect((await call('GET', `/api/units/${theirs.id}`, mine.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/units/${theirs.id}`, mine.token, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/units/${theirs.id}`, mine.token)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/detach-unit', mine.token, { unit_id: theirs.id, user_id: other.user.id })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/show-unit?company_id=${other.company.id}`, mine.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/units', mine.token, { name: 'x', company_id: other.company.id })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/units', mine.token, { name: 'x', parent_id: theirs.id })).statusCode).toBe(400);
    expect((await call('POST', '/api/delete-units', mine.token, { ids: [own.id, theirs.id] })).statusCode).toBe(404);
    expect((await call('GET', `/api/units/${own.id}`, mine.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/units', mine.token)).json().data.map((u: { id: string }) => u.id)).toEqual([
      own.id,
    ]);
  });

  it("lets a reseller manage the units of the companies below it, and staff everyone's", async () => {
    const top = await resellerCompany();
    const below = await resellerCompany({ reseller_id: top.company.id });
    const created = await call('POST', '/api/units', top.token, { name: 'Branch', company_id: below.company.id });
    expect(created.statusCode).toBe(201);
    expect((await call('GET', `/api/show-unit?company_id=${below.company.id}`, top.token)).json().data).toHaveLength(1);
    expect((await call('GET', `/api/show-unit?company_id=${top.company.id}`, below.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/units/${created.json().id}`, adminToken)).statusCode).toBe(200);
  });
});
