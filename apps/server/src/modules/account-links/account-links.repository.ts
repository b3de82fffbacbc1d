import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users/users.schema';
import { accountTokens } from './account-links.schema';

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

/**
 * The password chosen through a spent link, on the live, active user the link was for; undefined when the
 * user was deleted or deactivated meanwhile.
 */
export async function setPasswordFromLink(db: DbOrTx, userId: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt), eq(users.isActive, true)))
    .returning();
  return row;
}
