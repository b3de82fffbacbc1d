import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
import { roles } from './roles.schema';

/**
 * Findings 1 and 3 of the security review (ADR 0036): no escalation through role flags, role edits
 * or another user's credentials.
 */
let ctx: TestContext;
let adminToken: string;

const { get, post } = requestsTo(() => ctx.app);
const tokenOf = async (mail: string, password = TEST_PASSWORD) => (await loginAs(ctx.app, mail, password)).token;
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function createRole(permissions: string[], extra: Record<string, unknown> = {}) {
  const name = unique('role');
  const response = await post('/auth/create-role', { name, title: `Role ${name}`, permissions, ...extra }, adminToken);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; name: string };
}

const roleByName = async (name: string) => (await ctx.deps.db.select().from(roles).where(eq(roles.name, name)))[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await tokenOf((await createTestAdmin(ctx.deps)).mail);
});
afterAll(() => ctx?.close());

describe('role flags and role edits (finding 1)', () => {
  let roleManager: string;
  beforeAll(async () => {
    // A back-office user who may list and update roles, and holds the company permission, nothing else.
    const managerRole = await createRole([
      'list-roles',
      'update-role',
      'create-role',
      'delete-role',
      'backoffice-company',
    ]);
    roleManager = await tokenOf((await createTestUser(ctx.deps, { roles: [managerRole.name], staff: true })).mail);
  });

  it('refuses to flag the admin role for registration, and anonymous registration never yields an admin', async () => {
    const admin = await roleByName('admin');
    for (const change of [{ assign_on_registration: true }, { can_register: true }, { title: 'Renamed' }]) {
      const response = await post('/auth/update-role', { id: admin.id, ...change }, roleManager);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'ROLE_ADMIN_ONLY',
        message: 'Only administrators can change the administrator role',
      });
    }
    expect((await roleByName('admin')).assignOnRegistration).toBe(false);
    // Even an administrator cannot open the admin role to registration.
    const byAdmin = await post('/auth/update-role', { id: admin.id, assign_on_registration: true }, adminToken);
    expect(byAdmin.statusCode).toBe(400);

    const mail = uniqueMail('anon');
    const registered = await post('/auth/create-user', { mail, password: TEST_PASSWORD });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await loginAs(ctx.app, mail)).token_info.roles).not.toContain('admin');
  });

  it('refuses a role that carries permissions the caller lacks, in any way, and deleting it', async () => {
    const stronger = await createRole(['backoffice-company', 'backoffice-invoice']);
    for (const change of [{ title: 'Weaker now' }, { require_two_factor: false }, { assign_on_registration: true }]) {
      const response = await post('/auth/update-role', { id: stronger.id, ...change }, roleManager);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'ROLE_HOLDS_MORE', params: { permissions: 'backoffice-invoice' } });
      expect(response.json().message).toContain('backoffice-invoice');
    }
    expect((await post('/auth/delete-role', { id: stronger.id }, roleManager)).statusCode).toBe(403);
    // Granting a permission one does not hold.
    const own = await createRole(['backoffice-company']);
    const grant = await post(
      '/auth/update-role',
      { id: own.id, permissions: ['backoffice-company', 'backoffice-invoice'] },
      roleManager,
    );
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toMatchObject({
      code: 'GRANT_NOT_HELD',
      message: 'You cannot grant permissions you do not hold: backoffice-invoice',
      params: { permissions: 'backoffice-invoice' },
    });
  });

  it('refuses registration flags on a role with back-office or user, role or permission management, for anyone', async () => {
    // The caller holds backoffice-company, so only the self-service rule stands in the way.
    const own = await createRole(['backoffice-company']);
    for (const flag of ['assign_on_registration', 'can_register']) {
      for (const token of [roleManager, adminToken]) {
        const response = await post('/auth/update-role', { id: own.id, [flag]: true }, token);
        expect(response.statusCode, flag).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'ROLE_SELF_SERVICE_ONLY',
          params: { permissions: 'backoffice-company' },
        });
        expect(response.json().errors[flag][0]).toContain('self-service permissions');
        expect(response.json().errors[flag][0]).toContain('backoffice-company');
      }
    }
    for (const permissions of [['list-users'], ['update-role'], ['create-permission'], ['backoffice-mail-template']]) {
      const created = await post(
        '/auth/create-role',
        { name: unique('reg'), title: 'Registration', permissions, assign_on_registration: true },
        adminToken,
      );
      expect(created.statusCode, permissions[0]).toBe(400);
    }
    // A flagged role cannot be given a management permission afterwards either.
    const flagged = await createRole(['backoffice-ticket'], { can_register: true });
    const widen = await post(
      '/auth/update-role',
      { id: flagged.id, permissions: ['backoffice-ticket', 'list-users'] },
      adminToken,
    );
    expect(widen.statusCode).toBe(400);
    expect(widen.json().errors.can_register[0]).toContain('list-users');
  });

  it('lets an administrator open a self-service role to registration and close it again', async () => {
    const practice = await createRole(['backoffice-case-instance', 'backoffice-ticket']);
    const open = await post('/auth/update-role', { id: practice.id, can_register: true }, adminToken);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.can_register).toBe(true);
    const assign = await post('/auth/update-role', { id: practice.id, assign_on_registration: true }, adminToken);
    expect(assign.statusCode, assign.body).toBe(200);
    const close = await post(
      '/auth/update-role',
      { id: practice.id, assign_on_registration: false, can_register: false },
      adminToken,
    );
    expect(close.statusCode).toBe(200);
    // A user who holds everything a role carries may change it.
    const ticketRole = await createRole(['backoffice-company']);
    const renamed = await post('/auth/update-role', { id: ticketRole.id, title: 'Company desk' }, roleManager);
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('answers 400 for bad input and 404 for an unknown role', async () => {
    expect((await post('/auth/update-role', { id: 'nope', title: 'x' }, roleManager)).statusCode).toBe(400);
    expect((await post('/auth/update-role', { id: randomUUID(), title: 'x' }, roleManager)).statusCode).toBe(404);
  });
});

describe("changing another user's credentials, roles or status (finding 3)", () => {
  it('needs every permission the other user holds', async () => {
    const companyAdminRole = await createRole(['list-users', 'update-user', 'delete-user', 'backoffice-ticket']);
    const roleEditorRole = await createRole(['update-role', 'backoffice-ticket']);
    const caller = await createTestUser(ctx.deps, { roles: [companyAdminRole.name] });
    const colleague = await createTestUser(ctx.deps, { roles: [roleEditorRole.name], companyId: caller.companyId });
    const token = await tokenOf(caller.mail);

    const attempts = [
      { password: 'Taken#Over1' },
      { mail: uniqueMail('takeover') },
      { roles: [companyAdminRole.name] },
      { is_active: false },
      { reset_two_factor: true },
    ];
    for (const change of attempts) {
      const response = await post('/auth/update-user', { id: colleague.id, ...change }, token);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'USER_HOLDS_MORE', params: { permissions: 'update-role' } });
    }
    expect((await post('/auth/delete-user', { id: colleague.id }, token)).statusCode).toBe(403);
    // The colleague can still sign in with the old password.
    expect((await loginAs(ctx.app, colleague.mail)).token).toBeTruthy();
    // Names are not sign-in data: the company administrator may correct them.
    const named = await post('/auth/update-user', { id: colleague.id, first_name: 'Carla' }, token);
    expect(named.statusCode, named.body).toBe(200);

    // A colleague who holds nothing the caller lacks can be managed.
    const peer = await createTestUser(ctx.deps, { roles: ['end-user'], companyId: caller.companyId });
    const endUserHolds = [
      'backoffice-case-instance',
      'backoffice-case-instance-approve',
      'backoffice-case-instance-recalculate',
      'backoffice-case-instance-delete',
      'backoffice-case-instance-lock',
      'backoffice-credit',
      'backoffice-ticket',
      'backoffice-payment-history',
      'backoffice-referral',
    ];
    const widerRole = await createRole(['list-users', 'update-user', ...endUserHolds]);
    const widerCaller = await createTestUser(ctx.deps, { roles: [widerRole.name], companyId: caller.companyId });
    const widerToken = await tokenOf(widerCaller.mail);
    const reset = await post('/auth/update-user', { id: peer.id, password: 'New#Password1' }, widerToken);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await loginAs(ctx.app, peer.mail, 'New#Password1')).token).toBeTruthy();
    // And an administrator manages anyone.
    const byAdmin = await post('/auth/update-user', { id: colleague.id, password: 'Admin#Set1' }, adminToken);
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers 400 for bad input, 403 without update-user, 404 for another company', async () => {
    const other = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const callerRole = await createRole(['list-users', 'update-user']);
    const caller = await tokenOf((await createTestUser(ctx.deps, { roles: [callerRole.name] })).mail);
    const plain = await tokenOf((await createTestUser(ctx.deps)).mail);
    expect((await post('/auth/update-user', { id: other.id, password: 'short' }, caller)).statusCode).toBe(400);
    expect((await post('/auth/update-user', { id: other.id, password: 'X#abcdef1' }, plain)).statusCode).toBe(403);
    expect((await post('/auth/update-user', { id: other.id, password: 'X#abcdef1' }, caller)).statusCode).toBe(404);
    expect((await get(`/auth/list-user-by-id?id=${other.id}`, caller)).statusCode).toBe(404);
  });
});
