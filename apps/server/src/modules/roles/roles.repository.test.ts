import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@cuspid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/setup-app';
import { findPermissionsByTitle } from '../permissions/permissions.repository';
import {
  deleteRole,
  findRoleByName,
  findRoleRecord,
  insertRole,
  replaceRolePermissions,
  updateRole,
} from './roles.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** A role carrying the given permissions. */
async function roleWith(titles: string[]) {
  const name = `scoped-${randomUUID().slice(0, 8)}`;
  const role = await insertRole(ctx.deps.db, { name, title: name });
  const found = await findPermissionsByTitle(ctx.deps.db, titles);
  await replaceRolePermissions(
    ctx.deps.db,
    role.id,
    found.map((p) => p.id),
  );
  return role;
}

const titleOf = async (id: string) => (await findRoleRecord(ctx.deps.db, id))?.role.title;

describe('role writes carry the change rule in their where clause', () => {
  it('change a role that carries only what the actor holds, and any role for an admin', async () => {
    const role = await roleWith(['list-users', 'list-roles']);
    const held = ['list-users', 'list-roles', 'update-user'];
    expect(await updateRole(ctx.deps.db, role.id, { title: 'Changed' }, { anyRole: false, held })).toBe(true);
    expect(await titleOf(role.id)).toBe('Changed');
    const empty = await roleWith([]);
    expect(await updateRole(ctx.deps.db, empty.id, { title: 'Empty' }, { anyRole: false, held: [] })).toBe(true);
    const strong = await roleWith(['delete-user']);
    expect(await updateRole(ctx.deps.db, strong.id, { title: 'By admin' }, { anyRole: true })).toBe(true);
    expect(await deleteRole(ctx.deps.db, strong.id, { anyRole: true })).toBe(true);
  });

  it('leave a role that carries more than the actor holds, and the admin role, untouched', async () => {
    const role = await roleWith(['list-users', 'delete-user']);
    const scope = { anyRole: false, held: ['list-users'] } as const;
    expect(await updateRole(ctx.deps.db, role.id, { title: 'Taken over' }, scope)).toBe(false);
    expect(await deleteRole(ctx.deps.db, role.id, scope)).toBe(false);
    expect(await titleOf(role.id)).toBe(role.title);
    expect(await updateRole(ctx.deps.db, role.id, { title: 'Taken over' }, { anyRole: false, held: [] })).toBe(false);

    const admin = (await findRoleByName(ctx.deps.db, ADMIN_ROLE))!;
    const everything = (await findRoleRecord(ctx.deps.db, admin.id))!.permissions;
    expect(await updateRole(ctx.deps.db, admin.id, { title: 'Not admin' }, { anyRole: false, held: everything })).toBe(
      false,
    );
    expect(await titleOf(admin.id)).toBe(admin.title);
  });

  it('answer false for an unknown role', async () => {
    expect(await updateRole(ctx.deps.db, randomUUID(), { title: 'x' }, { anyRole: true })).toBe(false);
  });
});
