import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyNameOf } from '../companies/companies.tables';
import { users } from '../users/users.schema';
import { userMailPreferences } from './account.schema';

/** The signed-in user's live record with their company's name, as the account settings show it. */
export async function findOwnAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, companyName: companyNameOf(users.companyId) })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The mail preferences a user stored (events it never changed have no row). */
export function listMailPreferences(db: DbOrTx, userId: string) {
  return db
    .select({ event: userMailPreferences.event, mail: userMailPreferences.mail })
    .from(userMailPreferences)
    .where(eq(userMailPreferences.userId, userId));
}

export async function saveMailPreferences(db: DbOrTx, userId: string, preferences: { event: string; mail: boolean }[]) {
  await db
    .insert(userMailPreferences)
    .values(preferences.map((p) => ({ userId, event: p.event, mail: p.mail })))
    .onConflictDoUpdate({
      target: [userMailPreferences.userId, userMailPreferences.event],
      set: { mail: sql`excluded.mail`, updatedAt: sql`now()` },
    });
}

/** Whether the user turned the event's mail off. */
export async function mailTurnedOff(db: DbOrTx, userId: string, event: string): Promise<boolean> {
  const [row] = await db
    .select({ mail: userMailPreferences.mail })
    .from(userMailPreferences)
    .where(and(eq(userMailPreferences.userId, userId), eq(userMailPreferences.event, event)))
    .limit(1);
  return row?.mail === false;
}
