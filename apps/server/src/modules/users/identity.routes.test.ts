import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  TEST_PASSWORD,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { queryRows } from '../../db/client';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from '../companies/companies.schema';
import { sessions } from '../sessions/sessions.schema';
import { users } from './users.schema';

let ctx: TestContext;
let adminToken: string;
let admin: { id: string; mail: string; companyId: string };
let nobodyToken: string;

const { get, post } = requestsTo(() => ctx.app);
const tokenOf = async (mail: string) => (await loginAs(ctx.app, mail)).token;
const roleName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function createRole(permissions: string[], token = adminToken) {
  const name = roleName('role');
  const response = await post('/auth/create-role', { name, title: `Role ${name}`, permissions }, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; name: string };
}

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
  admin = await createTestAdmin(ctx.deps);
  adminToken = await tokenOf(admin.mail);
  nobodyToken = await tokenOf((await createTestUser(ctx.deps)).mail);
});
afterAll(() => ctx?.close());

const someId = '00000000-0000-4000-8000-000000000000';
const ROUTES: { method: 'GET' | 'POST'; url: string; body?: object }[] = [
  { method: 'GET', url: '/auth/list-users' },
  { method: 'GET', url: `/auth/list-user-by-id?id=${someId}` },
  { method: 'POST', url: '/auth/update-user', body: { id: someId } },
  { method: 'POST', url: '/auth/delete-user', body: { id: someId } },
  { method: 'GET', url: '/auth/list-roles' },
  { method: 'GET', url: `/auth/list-role-by-id?id=${someId}` },
  { method: 'POST', url: '/auth/create-role', body: { name: 'x', title: 'x' } },
  { method: 'POST', url: '/auth/update-role', body: { id: someId } },
  { method: 'POST', url: '/auth/delete-role', body: { id: someId } },
  { method: 'GET', url: `/auth/list-permission-by-id?id=${someId}` },
  { method: 'GET', url: '/auth/list-groupings' },
  { method: 'POST', url: '/auth/create-permission', body: { title: 'x', value: 'x', scope: 'auth' } },
  { method: 'POST', url: '/auth/update-permission', body: { id: someId } },
  { method: 'POST', url: '/auth/delete-permission', body: { id: someId } },
];

describe('identity calls: the permission comes first', () => {
  it.each(ROUTES)('$method $url answers 403 without its permission', async ({ method, url, body }) => {
    const response = method === 'GET' ? await get(url, nobodyToken) : await post(url, body ?? {}, nobodyToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});

describe('users', () => {
  it('lists users paged on the server, with search and sorting', async () => {
    const company = (await createTestUser(ctx.deps)).companyId;
    const tag = randomUUID().slice(0, 8);
    for (const name of ['Carla', 'Anna', 'Bert']) {
      const user = await createTestUser(ctx.deps, { companyId: company });
      await ctx.deps.db
        .update(users)
        .set({ firstName: name, lastName: `Zed${tag}` })
        .where(eq(users.id, user.id));
    }
    const page1 = await get(
      `/auth/list-users?search=zed${tag}&sort_by=first_name&sort_dir=asc&limit_start=0&limit_count=2`,
      adminToken,
    );
    expect(page1.statusCode).toBe(200);
    expect(page1.json().count).toBe(3);
    expect(page1.json().data.map((u: { first_name: string }) => u.first_name)).toEqual(['Anna', 'Bert']);
    const page2 = await get(
      `/auth/list-users?search=ZED${tag}&sort_by=first_name&sort_dir=desc&limit_start=2`,
      adminToken,
    );
    expect(page2.json().data.map((u: { first_name: string }) => u.first_name)).toEqual(['Anna']);
  });

  it('searches by full name, by company name and sorts by company name (indexed search, ADR 0070)', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await createTestUser(ctx.deps);
    const second = await createTestUser(ctx.deps);
    await ctx.deps.db
      .update(companies)
      .set({ companyName: `B Praxis${tag}` })
      .where(eq(companies.id, first.companyId));
    await ctx.deps.db
      .update(companies)
      .set({ companyName: `A Praxis${tag}` })
      .where(eq(companies.id, second.companyId));
    await ctx.deps.db
      .update(users)
      .set({ firstName: 'Julia', lastName: `Schmidt${tag}` })
      .where(eq(users.id, first.id));

    const byFullName = await get(`/auth/list-users?search=${encodeURIComponent(`julia schmidt${tag}`)}`, adminToken);
    expect(byFullName.json()).toMatchObject({ count: 1, data: [{ id: first.id }] });

    const byCompany = await get(
      `/auth/list-users?search=praxis${tag}&sort_by=company_name&sort_dir=asc&limit_count=1&limit_start=1`,
      adminToken,
    );
    expect(byCompany.statusCode).toBe(200);
    expect(byCompany.json().count).toBe(2);
    expect(byCompany.json().data.map((u: { id: string }) => u.id)).toEqual([first.id]);

    const none = await get(`/auth/list-users?search=nobody${tag}`, adminToken);
    expect(none.json()).toEqual({ data: [], count: 0 });
  });

  it('answers 400 for a bad sort field, a bad id and a bad body', async () => {
    expect((await get('/auth/list-users?sort_by=password_hash', adminToken)).statusCode).toBe(400);
    expect((await get('/auth/list-user-by-id?id=nope', adminToken)).statusCode).toBe(400);
    const bad = await post('/auth/update-user', { id: admin.id, mail: 'not-a-mail', password: 'short' }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.mail).toEqual(['The Email field must be a valid email']);
    expect(bad.json().errors.password).toContain('The Password must be at least 8 characters');
  });

  it('shows a company user only the users of their own company: another company answers 404', async () => {
    const role = await createRole(['list-users', 'update-user', 'delete-user']);
    const manager = await createTestUser(ctx.deps, { roles: [role.name] });
    const colleague = await createTestUser(ctx.deps, { companyId: manager.companyId });
    const stranger = await createTestUser(ctx.deps);
    const token = await tokenOf(manager.mail);

    const list = await get('/auth/list-users?limit_count=100', token);
    expect(list.json().count).toBe(2);
    expect(
      list
        .json()
        .data.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([manager.id, colleague.id].sort());

    expect((await get(`/auth/list-user-by-id?id=${colleague.id}`, token)).statusCode).toBe(200);
    expect((await get(`/auth/list-user-by-id?id=${stranger.id}`, token)).statusCode).toBe(404);
    expect((await post('/auth/update-user', { id: stranger.id, first_name: 'X' }, token)).statusCode).toBe(404);
    expect((await post('/auth/delete-user', { id: stranger.id }, token)).statusCode).toBe(404);
  });

  it("filters the users by company_id within the caller's scope; a company outside it answers 404", async () => {
    const partner = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const partnerToken = await tokenOf(partner.mail);
    const below = (
      await ctx.deps.db
        .insert(companies)
        .values({ companyName: 'Below Co', resellerId: partner.companyId })
        .returning({ id: companies.id })
    )[0]!.id;
    const belowUser = await createTestUser(ctx.deps, { companyId: below });
    const sibling = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const siblingCustomer = (
      await ctx.deps.db
        .insert(companies)
        .values({ companyName: 'Sibling customer', resellerId: sibling.companyId })
        .returning({ id: companies.id })
    )[0]!.id;
    await createTestUser(ctx.deps, { companyId: siblingCustomer });

    const mine = await get(`/auth/list-users?company_id=${below}`, partnerToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ count: 1, data: [{ id: belowUser.id, company_id: below }] });
    const own = await get(`/auth/list-users?company_id=${partner.companyId}`, partnerToken);
    expect(own.json().data.map((u: { id: string }) => u.id)).toEqual([partner.id]);

    expect((await get(`/auth/list-users?company_id=${siblingCustomer}`, partnerToken)).statusCode).toBe(404);
    expect((await get(`/auth/list-users?company_id=${sibling.companyId}`, partnerToken)).statusCode).toBe(404);
    expect((await get(`/auth/list-users?company_id=${someId}`, adminToken)).statusCode).toBe(404);
    expect((await get('/auth/list-users?company_id=nope', adminToken)).statusCode).toBe(400);

    const staff = await get(`/auth/list-users?company_id=${siblingCustomer}`, adminToken);
    expect(staff.json().count).toBe(1);
  });

  it('updates a user, replaces roles, and records the change in the audit trail without secrets', async () => {
    const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const response = await post(
      '/auth/update-user',
      {
        id: user.id,
        first_name: 'Mia',
        phone: '+49 30 1',
        timezone: 'Europe/Paris',
        roles: ['reseller'],
        password: 'Other#Pass2',
      },
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Mia',
      phone: '+49 30 1',
      timezone: 'Europe/Paris',
      roles: ['reseller'],
    });
    await loginAs(ctx.app, user.mail, 'Other#Pass2');

    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.id), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({ actorKind: 'user', actorUserId: admin.id });
    expect(entry!.changes).toMatchObject({
      firstName: { old: null, new: 'Mia' },
      roles: { old: ['end-user'], new: ['reseller'] },
      passwordHash: { old: '[redacted]', new: '[redacted]' },
    });
    expect(JSON.stringify(entry!.changes)).not.toContain('argon2');
  });

  it('answers 409 when the new mail belongs to another user, 400 for an unknown role', async () => {
    const a = await createTestUser(ctx.deps);
    const b = await createTestUser(ctx.deps);
    expect((await post('/auth/update-user', { id: a.id, mail: b.mail }, adminToken)).statusCode).toBe(409);
    const unknown = await post('/auth/update-user', { id: a.id, roles: ['no-such-role'] }, adminToken);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.roles).toEqual(['Unknown role']);
  });

  it('refuses a user deactivating or deleting themself', async () => {
    const deactivate = await post('/auth/update-user', { id: admin.id, is_active: false }, adminToken);
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().message).toBe('You cannot deactivate your own account');
    expect((await post('/auth/delete-user', { id: admin.id }, adminToken)).json().message).toBe(
      'You cannot delete your own account',
    );
  });

  it('keeps the last active administrator: cannot be demoted, deactivated or deleted', async () => {
    // The rule is global: for this check every other admin is deactivated briefly, then restored.
    // (On a shared PostgreSQL test database, other files' admins are affected for that moment.)
    const second = await createTestAdmin(ctx.deps);
    const others = await queryRows<{ id: string }>(
      ctx.deps.db,
      sql`update auth.users set is_active = false
          where is_active and id in (select ur.user_id from auth.user_roles ur join auth.roles r on r.id = ur.role_id where r.name = 'admin')
            and id not in (${admin.id}, ${second.id}) returning id`,
    );
    const ids = others.map((r) => r.id);
    try {
      // admin demotes second: fine (admin stays); then admin is the last one.
      expect((await post('/auth/update-user', { id: second.id, roles: ['employee'] }, adminToken)).statusCode).toBe(
        200,
      );
      const demoteSelf = await post('/auth/update-user', { id: admin.id, roles: ['employee'] }, adminToken);
      expect(demoteSelf.statusCode).toBe(400);
      expect(demoteSelf.json().message).toBe('The last administrator cannot be removed, deactivated or demoted');
    } finally {
      if (ids.length) await ctx.deps.db.update(users).set({ isActive: true }).where(inArray(users.id, ids));
    }
  });

  it('refuses a non-admin handing out roles with permissions they do not hold (403)', async () => {
    const role = await createRole(['list-users', 'update-user', 'create-user']);
    const manager = await createTestUser(ctx.deps, { roles: [role.name] });
    const colleague = await createTestUser(ctx.deps, { companyId: manager.companyId });
    const token = await tokenOf(manager.mail);
    const escalate = await post('/auth/update-user', { id: colleague.id, roles: ['employee'] }, token);
    expect(escalate.statusCode).toBe(403);
    const create = await post(
      '/auth/create-user',
      { mail: uniqueMail(), password: TEST_PASSWORD, roles: ['employee'] },
      token,
    );
    expect(create.statusCode).toBe(403);
    const same = await post('/auth/update-user', { id: colleague.id, roles: [role.name] }, token);
    expect(same.statusCode).toBe(200);
  });

  it('deletes a user softly: gone from lists, sessions ended, row kept, mail free again', async () => {
    const user = await createTestUser(ctx.deps);
    const token = await tokenOf(user.mail);
    const response = await post('/auth/delete-user', { id: user.id }, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The user was deleted');
    expect((await get(`/auth/list-user-by-id?id=${user.id}`, adminToken)).statusCode).toBe(404);
    expect((await get('/auth/profile', token)).statusCode).toBe(419);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deletedAt).not.toBeNull();
    const live = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    const again = await post('/auth/create-user', { mail: user.mail, password: TEST_PASSWORD }, adminToken);
    expect(again.statusCode).toBe(201);
    const audit = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'delete')));
    expect(audit).toHaveLength(1);
  });

  it('creates a user for administration with phone, roles and audit', async () => {
    const mail = uniqueMail();
    const response = await post(
      '/auth/create-user',
      { mail, password: TEST_PASSWORD, first_name: 'New', phone: '123', roles: ['employee'] },
      adminToken,
    );
    expect(response.statusCode).toBe(201);
    const id = response.json().user_id;
    const record = await get(`/auth/list-user-by-id?id=${id}`, adminToken);
    expect(record.json()).toMatchObject({
      mail,
      first_name: 'New',
      phone: '123',
      roles: ['employee'],
      is_active: true,
    });
    const [entry] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry?.action).toBe('create');
    expect(entry?.changes.passwordHash).toEqual({ old: null, new: '[redacted]' });
  });
});

describe('roles', () => {
  it('creates, reads, lists, updates and deletes a role with its permissions', async () => {
    const name = roleName('lab');
    const created = await post(
      '/auth/create-role',
      {
        name,
        title: 'Lab',
        permissions: ['list-users', 'backoffice-ticket'],
        can_edit_commissions: true,
        priority: 70,
      },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('The role was created');
    const role = created.json().data;
    expect(role).toMatchObject({ name, can_edit_commissions: true, priority: 70, user_count: 0 });
    expect(role.permissions.sort()).toEqual(['backoffice-ticket', 'list-users']);

    const list = await get(`/auth/list-roles?search=${name}`, adminToken);
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: role.id }] });
    expect((await get(`/auth/list-role-by-id?id=${role.id}`, adminToken)).json().name).toBe(name);

    const updated = await post(
      '/auth/update-role',
      { id: role.id, title: 'Laboratory', permissions: ['list-users'], partner_type: 'service-partner' },
      adminToken,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Laboratory',
      permissions: ['list-users'],
      partner_type: 'service-partner',
    });

    const audit = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, role.id), eq(auditLog.action, 'update')));
    expect(audit[0]?.changes).toMatchObject({
      title: { old: 'Lab', new: 'Laboratory' },
      permissions: { old: ['list-users', 'backoffice-ticket'], new: ['list-users'] },
    });

    expect((await post('/auth/delete-role', { id: role.id }, adminToken)).statusCode).toBe(200);
    expect((await get(`/auth/list-role-by-id?id=${role.id}`, adminToken)).statusCode).toBe(404);
  });

  it('answers 400 for bad input and unknown permissions, 409 for a taken name, 404 for an unknown role', async () => {
    const bad = await post('/auth/create-role', { name: 'Has Spaces', title: '' }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.title).toEqual(['This field is required']);
    const unknown = await post(
      '/auth/create-role',
      { name: roleName('r'), title: 'R', permissions: ['nope'] },
      adminToken,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.permissions[0]).toContain('nope');
    expect((await post('/auth/create-role', { name: 'employee', title: 'E' }, adminToken)).statusCode).toBe(409);
    expect((await post('/auth/update-role', { id: someId, title: 'x' }, adminToken)).statusCode).toBe(404);
    expect((await post('/auth/delete-role', { id: someId }, adminToken)).statusCode).toBe(404);
  });

  it('protects the admin role and roles still held by users', async () => {
    const adminRole = (await get('/auth/list-roles?search=admin&limit_count=50', adminToken))
      .json()
      .data.find((r: { name: string }) => r.name === 'admin');
    expect((await post('/auth/delete-role', { id: adminRole.id }, adminToken)).statusCode).toBe(400);
    expect((await post('/auth/update-role', { id: adminRole.id, permissions: [] }, adminToken)).statusCode).toBe(400);
    const role = await createRole(['list-users']);
    await createTestUser(ctx.deps, { roles: [role.name] });
    const inUse = await post('/auth/delete-role', { id: role.id }, adminToken);
    expect(inUse.statusCode).toBe(409);
  });

  it('refuses a non-admin granting permissions they do not hold through a role', async () => {
    const role = await createRole(['create-role', 'list-roles']);
    const user = await createTestUser(ctx.deps, { roles: [role.name] });
    const token = await tokenOf(user.mail);
    expect(
      (await post('/auth/create-role', { name: roleName('x'), title: 'X', permissions: ['delete-user'] }, token))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/auth/create-role', { name: roleName('x'), title: 'X', permissions: ['list-roles'] }, token))
        .statusCode,
    ).toBe(201);
  });
});

describe('permissions', () => {
  it('creates, reads, updates and deletes a permission; lists and groupings include it', async () => {
    const title = roleName('custom');
    const created = await post(
      '/auth/create-permission',
      { title, value: title, scope: 'auth', grouping: 'custom' },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const permission = created.json().data;
    expect(permission).toMatchObject({ title, built_in: false });
    expect((await get(`/auth/list-permission-by-id?id=${permission.id}`, adminToken)).json().title).toBe(title);
    const list = await get(`/auth/list-permissions?search=${title}`, adminToken);
    expect(list.json().count).toBe(1);
    const groupings = await get('/auth/list-groupings', adminToken);
    expect(groupings.json().data).toContainEqual({ grouping: 'custom', count: expect.any(Number) });

    const updated = await post('/auth/update-permission', { id: permission.id, grouping: 'other' }, adminToken);
    expect(updated.json().data.grouping).toBe('other');
    expect((await post('/auth/delete-permission', { id: permission.id }, adminToken)).statusCode).toBe(200);
    expect((await get(`/auth/list-permission-by-id?id=${permission.id}`, adminToken)).statusCode).toBe(404);
  });

  it('answers 400 for bad input, 409 for a taken title, 404 for an unknown id; built-ins stay', async () => {
    expect(
      (await post('/auth/create-permission', { title: 'x y', value: '', scope: 'nope' }, adminToken)).statusCode,
    ).toBe(400);
    expect(
      (await post('/auth/create-permission', { title: 'list-users', value: 'zz', scope: 'auth' }, adminToken))
        .statusCode,
    ).toBe(409);
    expect((await get(`/auth/list-permission-by-id?id=${someId}`, adminToken)).statusCode).toBe(404);
    const builtIn = (await get('/auth/list-permissions?search=delete-user', adminToken)).json().data[0];
    expect(builtIn.built_in).toBe(true);
    expect((await post('/auth/delete-permission', { id: builtIn.id }, adminToken)).statusCode).toBe(400);
    expect((await post('/auth/update-permission', { id: builtIn.id, title: 'renamed' }, adminToken)).statusCode).toBe(
      400,
    );
    expect((await post('/auth/update-permission', { id: builtIn.id, grouping: 'users' }, adminToken)).statusCode).toBe(
      200,
    );
  });
});

describe('sessions of the signed-in user', () => {
  it('lists sessions and signs out the others', async () => {
    const user = await createTestUser(ctx.deps);
    const first = await tokenOf(user.mail);
    const second = await tokenOf(user.mail);
    const list = await get('/auth/list-sessions', second);
    expect(list.json().count).toBe(2);
    expect(list.json().data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const out = await post('/auth/sign-out-other-sessions', {}, second);
    expect(out.json().message).toBe('Your other sessions were signed out');
    expect((await get('/auth/profile', first)).statusCode).toBe(419);
    expect((await get('/auth/profile', second)).statusCode).toBe(200);
  });
});
