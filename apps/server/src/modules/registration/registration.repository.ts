import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';
import { captchas, registrationConfiguration } from './registration.schema';

export type RegistrationConfigurationRow = typeof registrationConfiguration.$inferSelect;

/** The one row of settings; the defaults until someone saves it. */
export async function readConfiguration(db: DbOrTx): Promise<RegistrationConfigurationRow> {
  const [row] = await db.select().from(registrationConfiguration).where(eq(registrationConfiguration.id, 1));
  return (
    row ?? {
      id: 1,
      roleId: null,
      freeCredits: 0,
      captchaEnabled: true,
      vatRequiredCountries: [],
      allowedCountries: [],
      updatedAt: new Date(0),
    }
  );
}

export async function saveConfiguration(
  db: DbOrTx,
  values: Omit<typeof registrationConfiguration.$inferInsert, 'id' | 'updatedAt'>,
): Promise<RegistrationConfigurationRow> {
  const [row] = await db
    .insert(registrationConfiguration)
    .values({ id: 1, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: registrationConfiguration.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function findRole(db: DbOrTx, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function insertCaptcha(db: DbOrTx, id: string, answerHash: string, expiresAt: Date) {
  const [row] = await db.insert(captchas).values({ id, answerHash, expiresAt }).returning();
  return row!;
}

/** Marks a live captcha used and returns its answer hash; undefined when unknown, used or expired. */
export async function consumeCaptcha(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash;
}

export async function purgeCaptchas(db: DbOrTx) {
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
}

/** A live user of a company the actor may see (company scope); another company's user is not found. */
export async function findVisibleUser(db: DbOrTx, actor: Actor, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), companyScope(actor, users.companyId)))
    .limit(1);
  return row;
}
