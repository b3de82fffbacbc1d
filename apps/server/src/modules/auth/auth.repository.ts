import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listPage } from '../../db/paging';
import {
  accountTokens,
  companies,
  loginThrottle,
  permissions,
  refreshTokens,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findLiveUserByMail(db: DbOrTx, mail: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mail, mail), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findLiveUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Whether a company exists and is not deleted. */
export async function isLiveCompany(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function findCompanyName(db: DbOrTx, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
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

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function assignRoles(db: DbOrTx, userId: string, roleIds: string[]) {
  if (!roleIds.length) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .onConflictDoNothing();
}

export async function findRolesByName(db: DbOrTx, names: string[]) {
  if (!names.length) return [];
  return db.select().from(roles).where(inArray(roles.name, names));
}

export async function findRegistrationRoles(db: DbOrTx) {
  return db.select().from(roles).where(eq(roles.assignOnRegistration, true));
}

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function findOperatorCompany(db: DbOrTx) {
  const [row] = await db.select().from(companies).where(eq(companies.isOperator, true)).limit(1);
  return row;
}

// Sessions and refresh tokens

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function insertRefreshToken(db: DbOrTx, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks a refresh token used, atomically: of two concurrent calls with the same token only one
 * gets the row back, so a token can never be redeemed twice.
 */
export async function consumeRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning();
  return row;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function findSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, id: string) {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, id));
}

export async function revokeSession(db: DbOrTx, id: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Ends one live session of a user, at once: its access tokens answer 419 and its refresh tokens are
 * refused. Undefined when the user holds no such live session (unknown, another user's, ended).
 */
export async function revokeLiveSessionOfUser(db: DbOrTx, userId: string, id: string, reason: string) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Ends every live session of a user (but one, when named); answers the ids of the sessions it ended. */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, exceptSessionId?: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
}

/** Deletes sessions that expired or were revoked more than `graceDays` ago (their tokens cascade). */
export async function purgeSessions(db: DbOrTx, graceDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - graceDays * 86_400_000);
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .returning({ id: sessions.id });
  return deleted.length;
}

// Account links (invitation, password reset; ADR 0034)

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type AccountLinkPurpose = AccountTokenRow['purpose'];

export async function insertAccountToken(db: DbOrTx, values: typeof accountTokens.$inferInsert) {
  await db.insert(accountTokens).values(values);
}

export async function findAccountToken(db: DbOrTx, tokenHash: string): Promise<AccountTokenRow | undefined> {
  const [row] = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Marks a link's token used, atomically: of two concurrent calls with the same token only one gets the
 * row back. Only a live token (unused, not revoked, not expired) of the given purpose is spent.
 */
export async function consumeAccountToken(db: DbOrTx, tokenHash: string, purpose: AccountLinkPurpose) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Revokes a user's live links (of one purpose, or all): a newer link was sent or the password changed. */
export async function revokeAccountTokens(db: DbOrTx, userId: string, purpose?: AccountLinkPurpose) {
  await db
    .update(accountTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
        purpose ? eq(accountTokens.purpose, purpose) : undefined,
      ),
    );
}

/** Deletes link tokens that expired more than `graceDays` ago. */
export async function purgeAccountTokens(db: DbOrTx, graceDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - graceDays * 86_400_000);
  const deleted = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, cutoff))
    .returning({ id: accountTokens.id });
  return deleted.length;
}

// Permissions

export async function listPermissions(db: DbOrTx, options: { offset: number; limit: number; search?: string }) {
  const where = options.search
    ? or(
        sql`${permissions.title} ilike ${`%${options.search}%`}`,
        sql`${permissions.scope} ilike ${`%${options.search}%`}`,
      )
    : undefined;
  const { data, total } = await listPage(
    db.select().from(permissions).where(where).orderBy(asc(permissions.scope), asc(permissions.title)).$dynamic(),
    db.select({ count: count() }).from(permissions).where(where),
    options,
  );
  return { data, count: total };
}

// Sign-in throttling

/** Adds one to a fixed-window counter and returns the count in the current window. */
export async function bumpThrottle(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, windowStart: new Date(), count: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        count: sql`case when ${loginThrottle.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${loginThrottle.count} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${loginThrottle.windowStart} end`,
      },
    })
    .returning({ count: loginThrottle.count });
  return row!.count;
}

export async function readThrottle(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: loginThrottle.count })
    .from(loginThrottle)
    .where(
      and(
        eq(loginThrottle.key, key),
        gt(loginThrottle.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    );
  return row?.count ?? 0;
}

export async function clearThrottle(db: DbOrTx, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
