import { and, count, eq, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roles } from '../roles/roles.schema';
import { userRoles, users } from '../users/users.schema';
import { twoFactorRecoveryCodes } from './two-factor.schema';

/** Whether any role of the user requires two-factor sign-in. */
export async function roleRequiresTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.requireTwoFactor, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records the time step of an accepted code, atomically: of two requests with the same code (or with
 * codes of an earlier step) only the first gets `true`, so a code is never accepted twice.
 */
export async function claimTimeStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Marks a recovery code used, atomically: a code signs in once, even for two requests at once. */
export async function consumeRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

/** Replaces every recovery code of the user (used or not) by the given ones. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (codeHashes.length) {
    await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Unused recovery codes and when the current set was made. */
export async function recoveryCodeSummary(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      remaining: sql<number>`(count(*) filter (where ${twoFactorRecoveryCodes.usedAt} is null))::int`,
      total: count(),
      createdAt: min(twoFactorRecoveryCodes.createdAt),
    })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return { remaining: row?.remaining ?? 0, total: row?.total ?? 0, createdAt: row?.createdAt ?? null };
}

/** The user columns of two-factor sign-in when it is off. */
export const TWO_FACTOR_OFF = {
  twoFactorSecret: null,
  twoFactorPendingSecret: null,
  twoFactorEnabledAt: null,
  twoFactorLastStep: null,
} satisfies Partial<typeof users.$inferInsert>;

/** Keeps a secret set up but not confirmed yet (encrypted), replacing an earlier pending one. */
export async function setPendingSecret(db: DbOrTx, userId: string, encryptedSecret: string) {
  await db
    .update(users)
    .set({ twoFactorPendingSecret: encryptedSecret, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Turns two-factor sign-in off: secret, pending setup, replay marker and recovery codes go. */
export async function clearTwoFactor(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ ...TWO_FACTOR_OFF, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await replaceRecoveryCodes(db, userId, []);
}

/**
 * Turns the pending secret into the one in use, if it is still the one the first code was checked
 * against; records that code's time step so it cannot sign in again.
 */
export async function activateTwoFactor(db: DbOrTx, userId: string, pendingSecret: string, step: number) {
  const rows = await db
    .update(users)
    .set({
      twoFactorSecret: pendingSecret,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: new Date(),
      twoFactorLastStep: step,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.twoFactorPendingSecret, pendingSecret), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}
