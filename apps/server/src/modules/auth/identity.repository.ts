import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage } from '../../db/paging';
import { apiKeys, companies, permissions, rolePermissions, roles, sessions, userRoles, users } from '../../db/schema';

export type Page = { offset: number; limit: number; search?: string | undefined; sortDir: 'asc' | 'desc' };

/** `%term%` for ilike, with the wildcards of the term itself escaped. */

const direction = (column: PgColumn | SQL, dir: 'asc' | 'desc') =>
  dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;

// Users

const roleNamesOfUser = sql<string[]>`array(
  select r.name from ${userRoles} ur join ${roles} r on r.id = ur.role_id
  where ur.user_id = ${sql.raw('"users"."id"')} order by r.priority, r.name)`;

const userRecordFields = {
  user: users,
  companyName: companies.companyName,
  roles: roleNamesOfUser,
};

export type UserRecordRow = { user: typeof users.$inferSelect; companyName: string; roles: string[] };

const USER_SORT: Record<string, PgColumn> = {
  mail: users.mail,
  first_name: users.firstName,
  last_name: users.lastName,
  company_name: companies.companyName,
  last_login: users.lastLogin,
  created_at: users.createdAt,
};

/** First and last name as one string, so "julia schmidt" finds Julia Schmidt; the same expression is trigram-indexed. */
const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** Searches beyond this many matches answer `count` = this cap (ADR 0070); lists without search count exactly. */
export const USER_SEARCH_COUNT_CAP = 1_000;

/**
 * One page of live users (ADR 0070). Every arm of the search can use an index: the mail and full-name trigram
 * indexes, and the company-id index for companies whose name matches (the full name covers first and last name
 * alone). The page's ids are picked first, so a deep page skips index entries, not joined rows with their roles.
 * `companyId` narrows the list to one company (the caller has checked that it may see that company).
 */
export async function listUsers(
  db: DbOrTx,
  scope: SQL | undefined,
  page: Page & { sortBy: string },
  companyId?: string,
) {
  const pattern = page.search ? likePattern(page.search) : undefined;
  // Matching companies are looked up first (trigram index) and passed as values: the planner then knows how
  // many users that arm brings, instead of guessing and walking the whole sort index for a rare term.
  const matchingCompanyIds = pattern
    ? (await db.select({ id: companies.id }).from(companies).where(ilike(companies.companyName, pattern))).map(
        (c) => c.id,
      )
    : [];
  const search = pattern
    ? or(
        ilike(users.mail, pattern),
        sql`${fullName} ilike ${pattern}`,
        matchingCompanyIds.length ? inArray(users.companyId, matchingCompanyIds) : undefined,
      )
    : undefined;
  const where = and(isNull(users.deletedAt), scope, companyId ? eq(users.companyId, companyId) : undefined, search);
  const sortColumn = USER_SORT[page.sortBy] ?? users.createdAt;
  const order = [direction(sortColumn, page.sortDir), asc(users.id)];
  const byCompany = sortColumn === companies.companyName;

  const pageIds = (
    byCompany
      ? db.select({ id: users.id }).from(users).innerJoin(companies, eq(companies.id, users.companyId))
      : db.select({ id: users.id }).from(users)
  )
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit)
    .as('page_ids');

  const counted = pattern
    ? db.select({ n: sql`1` }).from(users).where(where).limit(USER_SEARCH_COUNT_CAP).as('matches')
    : undefined;
  const [data, [total]] = await Promise.all([
    db
      .select(userRecordFields)
      .from(users)
      .innerJoin(pageIds, eq(pageIds.id, users.id))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .orderBy(...order),
    counted ? db.select({ count: count() }).from(counted) : db.select({ count: count() }).from(users).where(where),
  ]);
  return { data: data as UserRecordRow[], count: total?.count ?? 0 };
}

/** The company exists, is not deleted and lies in the scope (undefined: every company). */
export async function isCompanyVisible(db: DbOrTx, companyId: string, scope: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt), scope))
    .limit(1);
  return Boolean(row);
}

export async function findUserRecord(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<UserRecordRow | undefined> {
  const [row] = await db
    .select(userRecordFields)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), isNull(users.deletedAt), scope))
    .limit(1);
  return row as UserRecordRow | undefined;
}

/** Live, active users holding the admin role, other than the one given. */
export async function countOtherActiveAdmins(db: DbOrTx, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(roles.name, 'admin'),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        sql`${users.id} <> ${exceptUserId}`,
      ),
    );
  return row?.count ?? 0;
}

export async function replaceUserRoles(db: DbOrTx, userId: string, roleIds: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
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

// Roles

/** Spelled out: drizzle leaves the table off columns of a single-table select, which a subquery would misread. */
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
    db
      .select(roleRecordFields)
      .from(roles)
      .where(where)
      .orderBy(direction(ROLE_SORT[page.sortBy] ?? roles.priority, page.sortDir), asc(roles.name))
      .$dynamic(),
    db.select({ count: count() }).from(roles).where(where),
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

export async function insertRole(db: DbOrTx, values: typeof roles.$inferInsert) {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

export async function updateRole(db: DbOrTx, id: string, values: Partial<typeof roles.$inferInsert>) {
  await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(roles.id, id));
}

export async function deleteRole(db: DbOrTx, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function replaceRolePermissions(db: DbOrTx, roleId: string, permissionIds: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIds.length) {
    await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
  }
}

// Permissions

export async function findPermissionsByTitle(db: DbOrTx, titles: string[]) {
  if (!titles.length) return [];
  return db.select().from(permissions).where(inArray(permissions.title, titles));
}

export async function findPermission(db: DbOrTx, id: string) {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  return row;
}

export async function findPermissionClash(db: DbOrTx, values: { title: string; scope: string; value: string }) {
  const [row] = await db
    .select()
    .from(permissions)
    .where(
      or(
        eq(permissions.title, values.title),
        and(eq(permissions.scope, values.scope), eq(permissions.value, values.value)),
      ),
    )
    .limit(1);
  return row;
}

const PERMISSION_SORT: Record<string, PgColumn> = {
  title: permissions.title,
  value: permissions.value,
  scope: permissions.scope,
  grouping: permissions.grouping,
};

export async function listPermissionsSorted(db: DbOrTx, page: Page & { sortBy: string }) {
  const where = page.search
    ? or(
        ilike(permissions.title, likePattern(page.search)),
        ilike(permissions.scope, likePattern(page.search)),
        ilike(permissions.grouping, likePattern(page.search)),
      )
    : undefined;
  const { data, total } = await listPage(
    db
      .select()
      .from(permissions)
      .where(where)
      .orderBy(direction(PERMISSION_SORT[page.sortBy] ?? permissions.scope, page.sortDir), asc(permissions.title))
      .$dynamic(),
    db.select({ count: count() }).from(permissions).where(where),
    page,
  );
  return { data, count: total };
}

export async function insertPermission(db: DbOrTx, values: typeof permissions.$inferInsert) {
  const [row] = await db.insert(permissions).values(values).returning();
  return row!;
}

export async function updatePermission(db: DbOrTx, id: string, values: Partial<typeof permissions.$inferInsert>) {
  const [row] = await db
    .update(permissions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(permissions.id, id))
    .returning();
  return row!;
}

export async function deletePermission(db: DbOrTx, id: string) {
  await db.delete(permissions).where(eq(permissions.id, id));
}

export async function listGroupings(db: DbOrTx) {
  const data = await db
    .select({ grouping: sql<string>`coalesce(${permissions.grouping}, '')`, count: sql<number>`count(*)::int` })
    .from(permissions)
    .groupBy(sql`coalesce(${permissions.grouping}, '')`)
    .orderBy(sql`coalesce(${permissions.grouping}, '')`);
  return { data, count: data.length };
}

// API keys

export type ApiKeyRow = typeof apiKeys.$inferSelect & { ownerMail: string };
const apiKeyFields = { key: apiKeys, ownerMail: users.mail };

const API_KEY_SORT: Record<string, PgColumn> = {
  name: apiKeys.name,
  client_id: apiKeys.clientId,
  expires_at: apiKeys.expiresAt,
  last_used_at: apiKeys.lastUsedAt,
  created_at: apiKeys.createdAt,
};

const flattenKey = (row: { key: typeof apiKeys.$inferSelect; ownerMail: string }): ApiKeyRow => ({
  ...row.key,
  ownerMail: row.ownerMail,
});

export async function listApiKeys(db: DbOrTx, scope: SQL | undefined, page: Page & { sortBy: string }) {
  const search = page.search
    ? or(
        ilike(apiKeys.name, likePattern(page.search)),
        ilike(apiKeys.clientId, likePattern(page.search)),
        ilike(users.mail, likePattern(page.search)),
      )
    : undefined;
  const where = and(isNull(apiKeys.deletedAt), scope, search);
  const { data, total } = await listPage(
    db
      .select(apiKeyFields)
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.ownerId))
      .where(where)
      .orderBy(direction(API_KEY_SORT[page.sortBy] ?? apiKeys.createdAt, page.sortDir), asc(apiKeys.id))
      .$dynamic(),
    db.select({ count: count() }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.ownerId)).where(where),
    page,
  );
  return { data: data.map(flattenKey), count: total };
}

export async function findApiKey(db: DbOrTx, id: string, scope: SQL | undefined): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(apiKeyFields)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt), scope))
    .limit(1);
  return row ? flattenKey(row) : undefined;
}

export async function findApiKeyByClientId(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.clientId, clientId), isNull(apiKeys.deletedAt)))
    .limit(1);
  return row;
}

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function updateApiKey(db: DbOrTx, id: string, values: Partial<typeof apiKeys.$inferInsert>) {
  const [row] = await db
    .update(apiKeys)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(apiKeys.id, id))
    .returning();
  return row!;
}

export async function touchApiKey(db: DbOrTx, id: string) {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

/** Revokes every live key of a user (the user was deleted or deactivated). */
export async function revokeUserApiKeys(db: DbOrTx, userId: string) {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(apiKeys.ownerId, userId), isNull(apiKeys.revokedAt)));
}

// Sessions

export async function listLiveSessions(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.lastUsedAt));
}
