import { inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roles } from './roles.schema';

// What other areas may ask of the roles' table (ADR 0130).

/** The names among `names` that no role has. */
export async function unknownRoleNames(db: DbOrTx, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const found = new Set(
    (
      await db
        .select({ name: roles.name })
        .from(roles)
        .where(inArray(roles.name, [...names]))
    ).map((r) => r.name),
  );
  return names.filter((name) => !found.has(name));
}

/** Whether one of the roles named in `names` (a text array) stands for one of `partnerTypes` (a text array column). */
export const rolesStandForAny = (names: SQLWrapper, partnerTypes: SQLWrapper): SQL =>
  sql`exists (select 1 from ${roles} where ${roles.name} = any(${names}) and ${roles.partnerType} = any(${partnerTypes}))`;
