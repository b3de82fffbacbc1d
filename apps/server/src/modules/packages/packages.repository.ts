import type { CountryPackageListQuery, PackageListQuery } from '@cuspid/contracts/packages';
import { and, asc, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { countryPackages, creditPackages } from './packages.schema';

export type PackageRow = typeof creditPackages.$inferSelect;
export type CountryPackageRow = typeof countryPackages.$inferSelect & { packageName: string };

/** A package marked deleted is gone from every list and lookup (ledger entries still refer to it). */
const live = isNull(creditPackages.deletedAt);

const packageSort = {
  sort_order: creditPackages.sortOrder,
  name: creditPackages.name,
  price_cents: creditPackages.priceCents,
  credits: creditPackages.credits,
} as const;

export async function listPackages(db: DbOrTx, query: PackageListQuery) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    live,
    search ? ilike(creditPackages.name, search) : undefined,
    query.active ? eq(creditPackages.active, query.active === 'true') : undefined,
    query.credit_type ? eq(creditPackages.creditType, query.credit_type) : undefined,
  );
  const order = query.sort_dir === 'desc' ? desc : asc;
  return listPage(
    db,
    db
      .select()
      .from(creditPackages)
      .where(where)
      .orderBy(order(packageSort[query.sort_by]), asc(creditPackages.name), asc(creditPackages.id))
      .$dynamic(),
    db.select(oneRow).from(creditPackages).where(where).$dynamic(),
    backendPage(query),
  );
}

/** A live package; `lock` holds it until the transaction ends. */
export async function findPackage(db: DbOrTx, id: string, lock?: 'update' | 'share'): Promise<PackageRow | undefined> {
  const select = db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), live));
  const [row] = lock ? await select.for(lock) : await select;
  return row;
}

export async function insertPackage(db: DbOrTx, values: typeof creditPackages.$inferInsert): Promise<PackageRow> {
  const [row] = await db.insert(creditPackages).values(values).returning();
  return row!;
}

export async function updatePackage(
  db: DbOrTx,
  id: string,
  values: Partial<typeof creditPackages.$inferInsert>,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .update(creditPackages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(creditPackages.id, id), live))
    .returning();
  return row;
}

/** Marks a package deleted (never removed: the ledger and invoices refer to it); false when none matched. */
export async function markPackageDeleted(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(creditPackages)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(creditPackages.id, id), live))
    .returning({ id: creditPackages.id });
  return rows.length > 0;
}

// --- Country packages -------------------------------------------------------------------------

const countryPackageSort = {
  country: countryPackages.country,
  price_cents: countryPackages.priceCents,
  created_at: countryPackages.createdAt,
} as const;

const withPackage = (db: DbOrTx) =>
  db
    .select({ row: countryPackages, packageName: creditPackages.name })
    .from(countryPackages)
    .innerJoin(creditPackages, and(eq(creditPackages.id, countryPackages.packageId), live));

const toCountryPackageRow = (r: { row: typeof countryPackages.$inferSelect; packageName: string }) => ({
  ...r.row,
  packageName: r.packageName,
});

/** Country packages of live packages (those of a deleted package go with it). */
export async function listCountryPackages(db: DbOrTx, query: CountryPackageListQuery) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    live,
    search ? ilike(creditPackages.name, search) : undefined,
    query.package_id ? eq(countryPackages.packageId, query.package_id) : undefined,
    query.country ? eq(countryPackages.country, query.country) : undefined,
  );
  const order = query.sort_dir === 'desc' ? desc : asc;
  const { data, total } = await listPage(
    db,
    withPackage(db)
      .where(where)
      .orderBy(order(countryPackageSort[query.sort_by]), asc(creditPackages.name), asc(countryPackages.id))
      .$dynamic(),
    db
      .select(oneRow)
      .from(countryPackages)
      .innerJoin(creditPackages, eq(creditPackages.id, countryPackages.packageId))
      .where(where)
      .$dynamic(),
    backendPage(query),
  );
  return { data: data.map(toCountryPackageRow), total };
}

export async function findCountryPackage(db: DbOrTx, id: string): Promise<CountryPackageRow | undefined> {
  const [row] = await withPackage(db).where(eq(countryPackages.id, id));
  return row && toCountryPackageRow(row);
}

/** The country package of a package in a country, if any (other than `exceptId`). */
export async function findCountryPackageFor(db: DbOrTx, packageId: string, country: string) {
  const [row] = await db
    .select({ id: countryPackages.id })
    .from(countryPackages)
    .where(and(eq(countryPackages.packageId, packageId), eq(countryPackages.country, country)));
  return row;
}

export async function insertCountryPackage(db: DbOrTx, values: typeof countryPackages.$inferInsert) {
  const [row] = await db.insert(countryPackages).values(values).returning({ id: countryPackages.id });
  return row!.id;
}

export async function updateCountryPackage(
  db: DbOrTx,
  id: string,
  values: Partial<typeof countryPackages.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(countryPackages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(countryPackages.id, id))
    .returning({ id: countryPackages.id });
  return rows.length > 0;
}

export async function deleteCountryPackage(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(countryPackages).where(eq(countryPackages.id, id)).returning({ id: countryPackages.id });
  return rows.length > 0;
}

// --- What a company can buy -------------------------------------------------------------------

/** The active live packages, each with its country package in `country` (if any), by sort order. */
export async function listActivePackagesIn(db: DbOrTx, country: string | null) {
  const packages = await db
    .select()
    .from(creditPackages)
    .where(and(live, eq(creditPackages.active, true)))
    .orderBy(asc(creditPackages.sortOrder), asc(creditPackages.name), asc(creditPackages.id));
  const prices =
    country && packages.length
      ? await countryPricesOf(
          db,
          packages.map((p) => p.id),
          country,
        )
      : [];
  const byPackage = new Map(prices.map((p) => [p.packageId, p]));
  return packages.map((pkg) => ({ pkg, countryPackage: byPackage.get(pkg.id) }));
}

function countryPricesOf(db: DbOrTx, packageIds: string[], country: string) {
  const where: SQL | undefined = and(
    inArray(countryPackages.packageId, packageIds),
    eq(countryPackages.country, country),
  );
  return db.select().from(countryPackages).where(where);
}
