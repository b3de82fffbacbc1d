import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { permissions } from '../permissions/permissions.schema';
import { rolePermissions, roles } from '../roles/roles.schema';

let ctx: TestContext;
let admin: string;
let adminUserId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createTestAdmin(ctx.deps);
  adminUserId = user.id;
  admin = (await loginAs(ctx.app, user.mail)).token;
});
afterAll(() => ctx?.close());

const { get, post, put } = requestsTo(() => ctx.app);

/** A company user whose role holds backoffice-company, backoffice-unit and backoffice-audit-log. */
async function auditorOf(companyId: string) {
  const [role] = await ctx.deps.db
    .insert(roles)
    .values({ name: `auditor-${crypto.randomUUID().slice(0, 8)}`, title: 'Auditor' })
    .returning();
  const granted = await ctx.deps.db
    .select()
    .from(permissions)
    .where(inArray(permissions.title, ['backoffice-audit-log', 'backoffice-company', 'backoffice-unit']));
  await ctx.deps.db.insert(rolePermissions).values(granted.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  const user = await createTestUser(ctx.deps, { roles: [role!.name], companyId });
  return (await loginAs(ctx.app, user.mail)).token;
}

describe('GET /api/audit-log', () => {
  it('answers 403 without backoffice-audit-log', async () => {
    const practice = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const token = (await loginAs(ctx.app, practice.mail)).token;
    expect((await get('/api/audit-log', token)).statusCode).toBe(403);
    expect((await get(`/api/audit-log/${crypto.randomUUID()}`, token)).statusCode).toBe(403);
  });

  it('answers 400 for bad filters', async () => {
    for (const query of [
      'action=rename',
      'actor_user_id=nobody',
      'from=yesterday',
      'from=2026-11-22&to=2026-11-01',
      'per_page=1000',
      'page=0',
    ]) {
      const response = await get(`/api/audit-log?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/audit-log/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('lists newest first, paged on the server, filtered by entity, id, actor, action and dates', async () => {
    const company = (await post('/api/companies', { company_name: 'Listed Co', country: 'DE' }, admin)).json();
    await put(`/api/companies/${company.id}`, { city: 'Köln' }, admin);

    const all = await get(`/api/audit-log?entity=company&entity_id=${company.id}`, admin);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.total).toBe(2);
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(body.data[0]).toMatchObject({
      entity: 'company',
      entity_id: company.id,
      company_id: company.id,
      actor_kind: 'user',
      actor_user_id: adminUserId,
      changes: { city: { old: null, new: 'Köln' } },
    });
    expect(body.data[0].actor_mail).toContain('@');

    const paged = (await get(`/api/audit-log?entity=company&entity_id=${company.id}&per_page=1&page=2`, admin)).json();
    expect(paged).toMatchObject({ total: 2, data: [{ action: 'create' }] });

    const updates = (await get(`/api/audit-log?entity_id=${company.id}&action=update`, admin)).json();
    expect(updates.total).toBe(1);
    const byActor = (await get(`/api/audit-log?actor_user_id=${adminUserId}&entity_id=${company.id}`, admin)).json();
    expect(byActor.total).toBe(2);
    const otherActor = (
      await get(`/api/audit-log?actor_user_id=${crypto.randomUUID()}&entity_id=${company.id}`, admin)
    ).json();
    expect(otherActor.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = (await get(`/api/audit-log?entity_id=${company.id}&from=${today}&to=${today}`, admin)).json();
    expect(inRange.total).toBe(2);
    const past = (await get(`/api/audit-log?entity_id=${company.id}&to=2020-01-01`, admin)).json();
    expect(past.total).toBe(0);
    const future = (await get(`/api/audit-log?entity_id=${company.id}&from=2999-01-01T00:00:00Z`, admin)).json();
    expect(future.total).toBe(0);

    const one = await get(`/api/audit-log/${body.data[0].id}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(body.data[0]);
  });

  it("shows a company user only their companies' entries: another company's entry answers 404", async () => {
    const own = (await post('/api/companies', { company_name: 'Own Co', country: 'DE' }, admin)).json();
    const other = (await post('/api/companies', { company_name: 'Other Co', country: 'DE' }, admin)).json();
    const auditor = await auditorOf(own.id);
    // A mail template belongs to no company: its entries are for staff only.
    const template = await post(
      '/mail/create-mail-template',
      {
        name: `Scoped ${crypto.randomUUID()}`,
        event: null,
        contents: { en: { subject: 'Hi', body: '<p>Hi</p>' } },
        variables: [],
      },
      admin,
    );
    expect(template.statusCode).toBe(201);
    expect((await get(`/api/audit-log?entity_id=${template.json().id}`, admin)).json().total).toBe(1);
    expect((await get(`/api/audit-log?entity_id=${template.json().id}`, auditor)).json().total).toBe(0);

    const listed = (await get('/api/audit-log?per_page=100', auditor)).json();
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.data.every((e: { company_id: string }) => e.company_id === own.id)).toBe(true);

    const [otherEntry] = (await get(`/api/audit-log?entity_id=${other.id}`, admin)).json().data;
    expect((await get(`/api/audit-log/${otherEntry.id}`, auditor)).statusCode).toBe(404);
    expect((await get(`/api/audit-log/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    const [ownEntry] = (await get(`/api/audit-log?entity_id=${own.id}`, auditor)).json().data;
    expect((await get(`/api/audit-log/${ownEntry.id}`, auditor)).statusCode).toBe(200);
  });
});
