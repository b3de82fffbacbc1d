import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup-app';
import type { Db, Tx } from './client';
import { permissions, rolePermissions, roles } from './schema';
import { seedReference } from './seed';

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
