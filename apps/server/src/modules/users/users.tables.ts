import { and, asc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../db/person-name';
import { operatorCompanyIds } from '../companies/companies.tables';
import { users } from './users.schema';

// What other areas may ask of the users' table (ADR 0130).

const displayName = sql<string>`coalesce(${personName(sql`${users}`)}, ${users.mail})`;

/** The name of the user `userId` names ("First Last", else the mail), as a column of another area's rows. */
export const userNameOf = (userId: SQLWrapper): SQL<string | null> =>
  sql`(select coalesce(${personName(sql`u`)}, u.mail) from ${users} u where u.id = ${userId})`;

/** The mail of the user `userId` names, as a column of another area's rows. */
export const userMailOf = (userId: SQLWrapper): SQL<string | null> =>
  sql`(select u.mail from ${users} u where u.id = ${userId})`;

/** A user's mail, deleted or not; null for no such user. */
export async function findUserMail(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ mail: users.mail }).from(users).where(eq(users.id, id));
  return row?.mail ?? null;
}

/** A live user's name, mail and contact language (whom a mail goes to, names in a history). */
export async function findUserContact(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: displayName,
      firstName: users.firstName,
      mail: users.mail,
      language: users.contactLanguage,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** The back office's active users, by name (`id`: only that one, if it is one of them). */
export async function listOperatorUsers(db: DbOrTx, id?: string) {
  return db
    .select({ id: users.id, name: displayName, mail: users.mail })
    .from(users)
    .where(
      and(
        sql`${users.companyId} in ${operatorCompanyIds}`,
        eq(users.isActive, true),
        isNull(users.deletedAt),
        id ? eq(users.id, id) : undefined,
      ),
    )
    .orderBy(asc(displayName), asc(users.id));
}
