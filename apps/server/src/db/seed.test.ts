import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { companyBankAccounts } from '../modules/companies/companies.schema';
import { permissions } from '../modules/permissions/permissions.schema';
import { rolePermissions, roles } from '../modules/roles/roles.schema';
import { findOperatorCompany } from '../modules/users';
import { users } from '../modules/users/users.schema';
import type { Db, Tx } from './client';
import {
  assertDefaultRolesSafe,
  DEFAULT_ROLES,
  DEMO_OPERATOR_BANK_ACCOUNT,
  DEMO_USERS,
  OPERATOR_COMPANY_NAME,
  seedDemo,
  seedReference,
} from './seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

class Rollback extends Error {}

async function heldBy(tx: Tx, roleName: string): Promise<string[]> {
  const rows = await tx
    .select({ title: permissions.title })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(roles.name, roleName));
  return rows.map((r) => r.title);
}

describe('seedReference on an existing install', () => {
  it('gives a permission new to the install to the default roles listing it, and keeps removed ones removed', async () => {
    // Inside a transaction that is rolled back: a shared PostgreSQL keeps its reference data.
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        // As before this version: no backoffice-flag; and an administrator took backoffice-news from employees.
        await tx.delete(permissions).where(eq(permissions.title, 'backoffice-flag'));
        const [news] = await tx.select().from(permissions).where(eq(permissions.title, 'backoffice-news'));
        const [employee] = await tx.select().from(roles).where(eq(roles.name, 'employee'));
        await tx
          .delete(rolePermissions)
          .where(and(eq(rolePermissions.roleId, employee!.id), eq(rolePermissions.permissionId, news!.id)));

        await seedReference(tx as unknown as Db);

        expect(await heldBy(tx, 'employee')).toContain('backoffice-flag');
        expect(await heldBy(tx, 'admin')).toContain('backoffice-flag');
        expect(await heldBy(tx, 'employee')).not.toContain('backoffice-news');
        expect(await heldBy(tx, 'reseller')).not.toContain('backoffice-flag');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});

describe('registration roles at seed (ADR 0036)', () => {
  it('refuses a default role given on registration that carries more than self-service permissions', () => {
    expect(() => assertDefaultRolesSafe()).not.toThrow();
    const unsafe = [
      { name: 'open-desk', title: 'Open desk', priority: 1, canRegister: true, permissions: ['list-users' as const] },
    ];
    expect(() => assertDefaultRolesSafe(unsafe)).toThrow(/open-desk.*list-users/);
    const adminOnRegistration = DEFAULT_ROLES.map((r) =>
      r.name === 'admin' ? { ...r, assignOnRegistration: true } : r,
    );
    expect(() => assertDefaultRolesSafe(adminOnRegistration)).toThrow(/admin/);
  });

  it('clears the registration flags of an existing role that carries back-office permissions, and says so', async () => {
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        // As an install from before the rule: the reseller role open to registration, the admin role given on it.
        await tx.update(roles).set({ canRegister: true }).where(eq(roles.name, 'reseller'));
        await tx.update(roles).set({ assignOnRegistration: true }).where(eq(roles.name, 'admin'));
        const { disarmedRoles } = await seedReference(tx as unknown as Db);
        expect(disarmedRoles.sort()).toEqual(['admin', 'reseller']);
        const flagged = await tx.select().from(roles).where(eq(roles.name, 'reseller'));
        expect(flagged[0]?.canRegister).toBe(false);
        const [admin] = await tx.select().from(roles).where(eq(roles.name, 'admin'));
        expect(admin?.assignOnRegistration).toBe(false);
        // The safe default registration role keeps its flags.
        const [endUser] = await tx.select().from(roles).where(eq(roles.name, 'end-user'));
        expect(endUser?.assignOnRegistration).toBe(true);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});

describe('seedDemo', () => {
  it('gives the demo operator a bank account with IBAN and BIC, so that invoices paid by transfer can be issued', async () => {
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        // As a fresh install: the operator without a bank account (another test file may have given it one), and no
        // demo users (on a shared PostgreSQL another test may have seeded them; renamed here, rolled back below).
        // Other test files write bank accounts too (on a shared PostgreSQL): they wait until this one rolls back.
        await tx.execute(sql`lock table ${companyBankAccounts} in share row exclusive mode`);
        const operator = (await findOperatorCompany(tx))!;
        await tx.delete(companyBankAccounts).where(eq(companyBankAccounts.companyId, operator.id));
        await tx
          .update(users)
          .set({ mail: sql`${users.mail} || '.before-test'` })
          .where(inArray(users.mail, DEMO_USERS.map((u) => u.mail) as string[]));
        const demoAccounts = () =>
          tx
            .select()
            .from(companyBankAccounts)
            .where(
              and(
                eq(companyBankAccounts.companyId, operator.id),
                eq(companyBankAccounts.iban, DEMO_OPERATOR_BANK_ACCOUNT.iban),
              ),
            );
        expect(await demoAccounts()).toEqual([]);

        expect(await seedDemo(tx as unknown as Db)).toBe(true);

        // The rows this transaction sees, not which account wins: on a shared PostgreSQL another test file may give
        // the operator an account of its own meanwhile (committed, so visible here).
        expect(await demoAccounts()).toEqual([
          expect.objectContaining({
            accountHolder: OPERATOR_COMPANY_NAME,
            bankName: DEMO_OPERATOR_BANK_ACCOUNT.bankName,
            iban: DEMO_OPERATOR_BANK_ACCOUNT.iban,
            bic: DEMO_OPERATOR_BANK_ACCOUNT.bic,
            isDefault: true,
          }),
        ]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});
