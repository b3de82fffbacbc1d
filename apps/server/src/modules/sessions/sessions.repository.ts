import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findCompanyName as findNameOfCompany } from '../companies/companies.tables';
import { users } from '../users/users.schema';
import { loginThrottle, refreshTokens, sessions } from './sessions.schema';

export type UserRow = typeof users.$inferSelect;

// The account a credential names (sign-in, links, keys): a live user, by mail or by id.

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

export async function findCompanyName(db: DbOrTx, companyId: string): Promise<string> {
  return (await findNameOfCompany(db, companyId)) ?? '';
}

/** A sign-in on the user's record (the record-login job). */
export async function recordLastLogin(db: DbOrTx, userId: string, at: Date) {
  await db.update(users).set({ lastLogin: at, updatedAt: new Date() }).where(eq(users.id, userId));
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

/**
 * Ends a session (a session already ended keeps its first reason). `userId`, when given, is the scope:
 * only a session of that user ends.
 */
export async function revokeSession(db: DbOrTx, id: string, reason: string, userId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), userId ? eq(sessions.userId, userId) : undefined, isNull(sessions.revokedAt)));
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

export async function listLiveSessions(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.lastUsedAt));
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
