import { ADMIN_ROLE, type PermissionTitle } from '@cuspid/contracts';
import { and, asc, eq, ilike, inArray, isNull, ne, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage, oneRow } from '../../db/paging';
import { searchMatch } from '../../db/search-match';
import { permissions } from '../permissions/permissions.schema';
import { userRoles, users } from '../users/users.schema';
import type { RoleChangeScope } from './roles.policy';
import { rolePermissions, roles } from './roles.schema';

export type Page = { offset: number; limit: number; search?: string | undefined; sortDir: 'asc' | 'desc' };

const direction = (column: PgColumn | SQL, dir: 'asc' | 'desc') =>
  dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;

/** Spelled out: drizzle leaves the table off columns of a single-table statement, which a subquery would misread. */
const outerRoleId = sql.raw('"roles"."id"');
const permissionTitlesOfRole = sql<string[]>`array(
  select p.title from ${rolePermissions} rp join ${permissions} p on p.id = rp.permission_id
  where rp.role_id = ${outerRoleId} order by p.scope, p.title)`;
const usersOfRole = sql<number>`(select count(*)::int from ${userRoles} ur join ${users} u on u.id = ur.user_id
  where ur.role_id = ${outerRoleId} and u.deleted_at is null)`;

export type RoleRecordRow = { role: typeof roles.$inferSelect; permissions: string[]; userCount: number };
const roleRecordFields = { role: roles, permissions: permissionTitlesOfRole, userCount: usersOfRole };

const ROLE_SORT: Record<string, PgColumn> = {
  name: roles.name,
  title: roles.title,
  priority: roles.priority,
  created_at: roles.createdAt,
};

export async function listRoles(db: DbOrTx, page: Page & { sortBy: string }) {
  const where = page.search
    ? or(ilike(roles.name, likePattern(page.search)), ilike(roles.title, likePattern(page.search)))
    : undefined;
  const { data, total } = await listPage(
    db,
    db
      .select(roleRecordFields)
      .from(roles)
      .where(where)
      .orderBy(direction(ROLE_SORT[page.sortBy] ?? roles.priority, page.sortDir), asc(roles.name))
      .$dynamic(),
    db.select(oneRow).from(roles).where(where).$dynamic(),
    page,
  );
  return { data: data as RoleRecordRow[], count: total };
}

export async function findRoleRecord(db: DbOrTx, id: string): Promise<RoleRecordRow | undefined> {
  const [row] = await db.select(roleRecordFields).from(roles).where(eq(roles.id, id)).limit(1);
  return row as RoleRecordRow | undefined;
}

export async function findRoleByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(roles).where(eq(roles.name, name)).limit(1);
  return row;
}

export async function findRolesByName(db: DbOrTx, names: string[]) {
  if (!names.length) return [];
  return db.select().from(roles).where(inArray(roles.name, names));
}

export async function findRegistrationRoles(db: DbOrTx) {
  return db.select().from(roles).where(eq(roles.assignOnRegistration, true));
}

export async function insertRole(db: DbOrTx, values: typeof roles.$inferInsert) {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

/** The roles the scope lets change (see `roleChangeScope`), as a condition on `roles`. */
function changeable(db: DbOrTx, scope: RoleChangeScope): SQL | undefined {
  if (scope.anyRole) return undefined;
  const carriesMore = db
    .select({ one: sql`1` })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(rolePermissions.roleId, outerRoleId), notInArray(permissions.title, [...scope.held])));
  return and(ne(roles.name, ADMIN_ROLE), notExists(carriesMore));
}

/** Updates a role the scope lets change; false when there is none such (unknown, or beyond the scope). */
export async function updateRole(
  db: DbOrTx,
  id: string,
  values: Partial<typeof roles.$inferInsert>,
  scope: RoleChangeScope,
): Promise<boolean> {
  const rows = await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(roles.id, id), changeable(db, scope)))
    .returning({ id: roles.id });
  return rows.length === 1;
}

/** Deletes a role the scope lets change; false when there is none such. */
export async function deleteRole(db: DbOrTx, id: string, scope: RoleChangeScope): Promise<boolean> {
  const rows = await db
    .delete(roles)
    .where(and(eq(roles.id, id), changeable(db, scope)))
    .returning({ id: roles.id });
  return rows.length === 1;
}

export async function replaceRolePermissions(db: DbOrTx, roleId: string, permissionIds: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIds.length) {
    await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
  }
}

/** Permission titles granted by the given roles. */
export async function permissionTitlesOfRoles(db: DbOrTx, roleIds: string[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ title: permissions.title })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.title);
}

/** The titles a user holds through their roles. */
export async function permissionTitlesOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ title: permissions.title })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.title);
}

/**
 * The live, active users of a company who hold `permission` through one of their roles, the oldest first (at most
 * `limit`), with their mail and contact language.
 */
export async function findCompanyUsersHolding(
  db: DbOrTx,
  companyId: string,
  permission: PermissionTitle,
  limit: number,
): Promise<{ id: string; mail: string; contactLanguage: string }[]> {
  return db
    .selectDistinctOn([users.createdAt, users.id], {
      id: users.id,
      mail: users.mail,
      contactLanguage: users.contactLanguage,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        eq(permissions.title, permission),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

/** Roles of a user with their partner type, and the (scope, value, title) of every permission they grant. */
export async function findUserAccess(db: DbOrTx, userId: string) {
  const roleRows = await db
    .select({
      id: roles.id,
      name: roles.name,
      partnerType: roles.partnerType,
      requireTwoFactor: roles.requireTwoFactor,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.priority), asc(roles.name));
  const permissionRows = roleRows.length
    ? await db
        .selectDistinct({ title: permissions.title, scope: permissions.scope, value: permissions.value })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(
          inArray(
            rolePermissions.roleId,
            roleRows.map((r) => r.id),
          ),
        )
        .orderBy(asc(permissions.scope), asc(permissions.value))
    : [];
  return { roles: roleRows, permissions: permissionRows };
}

/** The global search's roles (ADR 0080): the list's match on name and title (roles belong to no company). */
export function searchRoles(db: DbOrTx, term: string, limit: number) {
  const match = searchMatch(term, [roles.title, roles.name]);
  return db
    .select({ id: roles.id, name: roles.name, title: roles.title })
    .from(roles)
    .where(match.where)
    .orderBy(match.rank, asc(roles.title), asc(roles.id))
    .limit(limit);
}
