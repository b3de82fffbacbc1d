import { ADMIN_ROLE } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { DECLARED } from '../../declarations';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import {
  assertMayGrant,
  assertSelfServiceRole,
  changeRolePolicy,
  mayChangeRole,
  mayGrant,
  permissionsNotHeld,
  roleChangeScope,
  selfServiceViolations,
} from './roles.policy';

const actor = testActor;

const admin = actor({ roles: [ADMIN_ROLE], isStaff: true });
const clerk = actor({ roles: ['clerk'], permissions: ['list-users', 'update-user'] });

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as { code: string; params?: Record<string, string>; errors?: Record<string, string[]> };
  }
  return undefined;
};

describe('granting permissions', () => {
  it('lets anyone grant what they hold, and an admin anything', () => {
    expect(mayGrant(clerk, ['list-users'])).toBe(true);
    expect(mayGrant(clerk, [])).toBe(true);
    expect(mayGrant(admin, ['delete-role', 'create-api-token'])).toBe(true);
    expect(failure(() => assertMayGrant(clerk, ['update-user', 'list-users']))).toBeUndefined();
  });

  it('refuses a permission not held, naming what is missing (sorted, once)', () => {
    expect(mayGrant(clerk, ['list-users', 'delete-user'])).toBe(false);
    expect(permissionsNotHeld(clerk, ['list-roles', 'delete-user', 'list-users', 'delete-user'])).toEqual([
      'delete-user',
      'list-roles',
    ]);
    expect(failure(() => assertMayGrant(clerk, ['list-roles', 'delete-user']))).toMatchObject({
      code: 'GRANT_NOT_HELD',
      params: { permissions: 'delete-user, list-roles' },
    });
    // An API key has no roles, so never the admin bypass: its scopes are all it holds.
    const key = actor({ kind: 'api-key', roles: [], permissions: ['list-users'] } as Partial<Actor>);
    expect(mayGrant(key, ['update-user'])).toBe(false);
  });
});

describe('changing a role', () => {
  it('lets an admin change any role, the admin role too', () => {
    expect(mayChangeRole(admin, { name: ADMIN_ROLE, permissions: ['delete-role'] })).toBe(true);
    expect(roleChangeScope(admin)).toEqual({ anyRole: true });
  });

  it('lets a non-admin change a role that carries only what they hold', () => {
    const role = { name: 'helper', permissions: ['list-users'] };
    expect(mayChangeRole(clerk, role)).toBe(true);
    expect(authorize(clerk, changeRolePolicy, role)).toBe(role);
    expect(roleChangeScope(clerk)).toEqual({ anyRole: false, held: ['list-users', 'update-user'] });
  });

  it('refuses the admin role to non-admins (ROLE_ADMIN_ONLY)', () => {
    expect(mayChangeRole(clerk, { name: ADMIN_ROLE, permissions: [] })).toBe(false);
    expect(failure(() => authorize(clerk, changeRolePolicy, { name: ADMIN_ROLE, permissions: [] }))).toMatchObject({
      code: 'ROLE_ADMIN_ONLY',
    });
  });

  it('refuses a role that carries more than the actor holds (ROLE_HOLDS_MORE), and a missing one is not found', () => {
    const role = { name: 'manager', permissions: ['list-users', 'delete-user'] };
    expect(mayChangeRole(clerk, role)).toBe(false);
    expect(failure(() => authorize(clerk, changeRolePolicy, role))).toMatchObject({
      code: 'ROLE_HOLDS_MORE',
      params: { permissions: 'delete-user' },
    });
    expect(failure(() => authorize(clerk, changeRolePolicy, undefined))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('self-service roles', () => {
  const catalogue = DECLARED.permissions;
  const flags = (over: Partial<{ name: string; canRegister: boolean; assignOnRegistration: boolean }> = {}) => ({
    name: 'customer',
    canRegister: false,
    assignOnRegistration: false,
    ...over,
  });

  it('leaves a role nobody obtains without an administrator alone', () => {
    expect(selfServiceViolations(flags(), ['delete-user', 'create-role'], catalogue)).toEqual([]);
    expect(failure(() => assertSelfServiceRole(flags(), ['delete-user'], catalogue))).toBeUndefined();
  });

  it('accepts self-service permissions on a registration role', () => {
    expect(selfServiceViolations(flags({ canRegister: true }), [], catalogue)).toEqual([]);
  });

  it('names the management permissions a registration role must not carry, on the flag that opens it', () => {
    expect(selfServiceViolations(flags({ canRegister: true }), ['delete-user', 'create-role'], catalogue)).toEqual([
      'create-role',
      'delete-user',
    ]);
    expect(
      failure(() => assertSelfServiceRole(flags({ assignOnRegistration: true }), ['delete-user'], catalogue)),
    ).toMatchObject({
      code: 'ROLE_SELF_SERVICE_ONLY',
      params: { permissions: 'delete-user' },
      errors: { assign_on_registration: [expect.any(String)] },
    });
    expect(
      failure(() => assertSelfServiceRole(flags({ canRegister: true }), ['delete-user'], catalogue)),
    ).toMatchObject({
      errors: { can_register: [expect.any(String)] },
    });
  });

  it('never lets the admin role be obtained by registering', () => {
    expect(selfServiceViolations(flags({ name: ADMIN_ROLE, assignOnRegistration: true }), [], catalogue)).toEqual([
      '(administrator role)',
    ]);
    expect(selfServiceViolations(flags({ name: ADMIN_ROLE }), ['delete-user'], catalogue)).toEqual([]);
  });
});
