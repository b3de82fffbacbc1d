import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema';

/** The signed-in user's live record with their company's name, as the account settings show it. */
export async function findOwnAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, companyName: companies.companyName })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
