import { ADMIN_ROLE } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { authorize } from '../../lib/authorize';
import {
  assertMayCreateUserIn,
  assertMayGrantRoles,
  assertMayManageUser,
  editUserPolicy,
  mayCreateUserIn,
  mayEditUser,
  mayGrantRoles,
  mayManageUser,
} from './users.policy';

const actor = testActor;

const admin = actor({ roles: [ADMIN_ROLE], isStaff: true });
const staff = actor({ roles: ['back-office'], isStaff: true, permissions: ['create-user'] });
const companyAdmin = actor({ roles: ['company-admin'], permissions: ['list-users', 'update-user'] });

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'passed';
};

describe('creating a user in a company', () => {
  it('lets a company user create users of their own company, and staff of any', () => {
    expect(mayCreateUserIn(companyAdmin, 'c1')).toBe(true);
    expect(mayCreateUserIn(staff, 'c9')).toBe(true);
    expect(codeOf(() => assertMayCreateUserIn(staff, 'c9'))).toBe('passed');
  });

  it('answers another company as not found to a company user', () => {
    expect(mayCreateUserIn(companyAdmin, 'c9')).toBe(false);
    expect(codeOf(() => assertMayCreateUserIn(companyAdmin, 'c9'))).toBe('NOT_FOUND');
  });
});

describe('handing out roles', () => {
  it('lets anyone hand out roles other than admin, and an admin the admin role', () => {
    expect(mayGrantRoles(companyAdmin, ['customer', 'dentist'])).toBe(true);
    expect(mayGrantRoles(companyAdmin, [])).toBe(true);
    expect(mayGrantRoles(admin, [ADMIN_ROLE])).toBe(true);
    expect(codeOf(() => assertMayGrantRoles(admin, [ADMIN_ROLE, 'customer']))).toBe('passed');
  });

  it('refuses the admin role to non-admins, staff included', () => {
    expect(mayGrantRoles(staff, ['customer', ADMIN_ROLE])).toBe(false);
    expect(codeOf(() => assertMayGrantRoles(companyAdmin, [ADMIN_ROLE]))).toBe('FORBIDDEN');
  });
});

describe("editing a user's record", () => {
  const adminTarget = { user: { id: 'u2' }, roles: [ADMIN_ROLE] };

  it('lets anyone edit a non-admin they see, an admin edit an admin, and an admin edit themself', () => {
    expect(mayEditUser(companyAdmin, { user: { id: 'u2' }, roles: ['customer'] })).toBe(true);
    expect(mayEditUser(admin, adminTarget)).toBe(true);
    expect(mayEditUser(actor({ userId: 'u2', roles: [ADMIN_ROLE] }), adminTarget)).toBe(true);
  });

  it("refuses an admin's record to non-admins (403), and a user not found stays 404", () => {
    expect(mayEditUser(staff, adminTarget)).toBe(false);
    expect(codeOf(() => authorize(staff, editUserPolicy, adminTarget))).toBe('FORBIDDEN');
    expect(codeOf(() => authorize(admin, editUserPolicy, undefined))).toBe('NOT_FOUND');
  });
});

describe("managing another user's credentials, roles or status", () => {
  const colleague = { id: 'u2', roles: ['clerk'], permissions: ['list-users'] };

  it('lets an actor manage a user who holds nothing beyond them, themself, and an admin anyone', () => {
    expect(mayManageUser(companyAdmin, colleague)).toBe(true);
    expect(mayManageUser(companyAdmin, { id: 'u1', roles: [ADMIN_ROLE], permissions: ['delete-role'] })).toBe(true);
    expect(mayManageUser(admin, { id: 'u3', roles: [ADMIN_ROLE], permissions: ['delete-role'] })).toBe(true);
    expect(codeOf(() => assertMayManageUser(companyAdmin, colleague))).toBe('passed');
  });

  it('refuses a user who holds more (USER_HOLDS_MORE, naming it), and admins to non-admins (FORBIDDEN)', () => {
    const stronger = { id: 'u2', roles: ['manager'], permissions: ['list-users', 'delete-user'] };
    expect(mayManageUser(companyAdmin, stronger)).toBe(false);
    expect(codeOf(() => assertMayManageUser(companyAdmin, stronger))).toBe('USER_HOLDS_MORE');
    try {
      assertMayManageUser(companyAdmin, stronger);
    } catch (error) {
      expect((error as { params: unknown }).params).toEqual({ permissions: 'delete-user' });
    }
    const anAdmin = { id: 'u3', roles: [ADMIN_ROLE], permissions: [] };
    expect(mayManageUser(staff, anAdmin)).toBe(false);
    expect(codeOf(() => assertMayManageUser(staff, anAdmin))).toBe('FORBIDDEN');
  });
});
