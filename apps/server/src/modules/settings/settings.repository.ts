import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { SETTINGS_CHANNEL } from '../../lib/settings';
import { settings } from './settings.schema';

/** A section's saved values, or undefined when it was never saved. */
export async function readSection(db: DbOrTx, key: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Saves a section's values and notifies every process (the notification is sent when the transaction commits). */
export async function writeSection(
  tx: DbOrTx,
  key: string,
  value: Record<string, unknown>,
  userId: string | null,
): Promise<void> {
  const at = new Date();
  await tx
    .insert(settings)
    .values({ key, value, updatedAt: at, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at, updatedBy: userId } });
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${key})`);
}
