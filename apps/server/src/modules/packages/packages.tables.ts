import { and, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditPackages } from './packages.schema';

// What other areas may ask of the packages' tables (ADR 0130): a discount coupon prices them, credits name them.

/** The live packages among `ids`: price, currency and whether they are on sale. */
export async function findLivePackages(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: creditPackages.id,
      priceCents: creditPackages.priceCents,
      currency: creditPackages.currency,
      active: creditPackages.active,
    })
    .from(creditPackages)
    .where(and(inArray(creditPackages.id, ids), isNull(creditPackages.deletedAt)));
}

/** The name of the package `packageId` names, as a column of another area's list. */
export const packageNameOf = (packageId: SQLWrapper): SQL<string | null> =>
  sql`(select p.name from ${creditPackages} p where p.id = ${packageId})`;
