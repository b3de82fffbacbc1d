import type { CountryCreditListQuery } from '@cuspid/contracts/packages';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { countryCredits, creditSettings } from './country-credits.schema';

export type CountryCreditRow = typeof countryCredits.$inferSelect;
export type CreditSettingsRow = typeof creditSettings.$inferSelect;

const sortColumns = {
  country: countryCredits.country,
  upper_tooth_credits: countryCredits.upperToothCredits,
  lower_tooth_credits: countryCredits.lowerToothCredits,
} as const;

export async function listCountryCredits(db: DbOrTx, query: CountryCreditListQuery) {
  // The search is a country code: the list holds one row per country.
  const search = query.search?.trim().toUpperCase();
  const where = and(
    query.country ? eq(countryCredits.country, query.country) : undefined,
    search ? eq(countryCredits.country, search) : undefined,
  );
  const order = query.sort_dir === 'desc' ? desc : asc;
  return listPage(
    db,
    db
      .select()
      .from(countryCredits)
      .where(where)
      .orderBy(order(sortColumns[query.sort_by]), asc(countryCredits.country), asc(countryCredits.id))
      .$dynamic(),
    db.select(oneRow).from(countryCredits).where(where).$dynamic(),
    backendPage(query),
  );
}

export async function findCountryCreditById(db: DbOrTx, id: string, lock?: 'update') {
  const select = db.select().from(countryCredits).where(eq(countryCredits.id, id));
  const [row] = lock ? await select.for(lock) : await select;
  return row;
}

export async function findCountryCredit(db: DbOrTx, country: string): Promise<CountryCreditRow | undefined> {
  const [row] = await db.select().from(countryCredits).where(eq(countryCredits.country, country));
  return row;
}

/**
 * Country credits writes take this lock first, so "is the country free?" and the write cannot interleave with
 * another writer (the unique index stays the last guard).
 */
export async function lockCountryCredits(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('backend.country_credits'))`);
}

export async function insertCountryCredit(db: DbOrTx, values: typeof countryCredits.$inferInsert) {
  const [row] = await db.insert(countryCredits).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCountryCredit(
  db: DbOrTx,
  id: string,
  values: Partial<typeof countryCredits.$inferInsert>,
): Promise<CountryCreditRow | undefined> {
  const [row] = await db
    .update(countryCredits)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(countryCredits.id, id))
    .returning();
  return row;
}

export async function deleteCountryCredit(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(countryCredits).where(eq(countryCredits.id, id)).returning({ id: countryCredits.id });
  return rows.length > 0;
}

/** The values of a missing settings row (the migration seeds it; these are its column defaults). */
const DEFAULT_SETTINGS: CreditSettingsRow = {
  id: 1,
  recalculationFactor: 1,
  defaultUpperToothCredits: 1,
  defaultLowerToothCredits: 1,
  updatedAt: new Date(0),
};

export async function readCreditSettings(db: DbOrTx, lock?: 'update'): Promise<CreditSettingsRow> {
  const select = db.select().from(creditSettings).where(eq(creditSettings.id, 1));
  const [row] = lock ? await select.for(lock) : await select;
  return row ? { ...row, recalculationFactor: Number(row.recalculationFactor) } : DEFAULT_SETTINGS;
}

export async function writeCreditSettings(
  db: DbOrTx,
  values: Partial<Omit<typeof creditSettings.$inferInsert, 'id'>>,
): Promise<void> {
  await db
    .insert(creditSettings)
    .values({ id: 1, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: creditSettings.id, set: { ...values, updatedAt: new Date() } });
}
