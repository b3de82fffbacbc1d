import { countCapOf } from '@cuspid/contracts';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { cappedCountColumn, oneRow } from '../../db/paging';
import { SEARCH_CANDIDATES, searchMatch } from '../../db/search-match';
import { companies } from '../companies/companies.schema';
import { roles } from '../roles/roles.schema';
import { userRoles, users } from './users.schema';

export type Page = { offset: number; limit: number; search?: string | undefined; sortDir: 'asc' | 'desc' };
export type UserRow = typeof users.$inferSelect;

const direction = (column: PgColumn | SQL, dir: 'asc' | 'desc') =>
  dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Updates a live user in the scope (a condition on `users`: the actor's company scope, or undefined for
 * every company); undefined when there is none such.
 */
export async function updateUserRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
  scope: SQL | undefined,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt), scope))
    .returning();
  return row;
}

export async function assignRoles(db: DbOrTx, userId: string, roleIds: string[]) {
  if (!roleIds.length) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .onConflictDoNothing();
}

/**
 * The operator's own company (back office): where the CLI puts administrators, and the seller on every invoice.
 * The oldest live one, should there be several.
 */
export async function findOperatorCompany(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.isOperator, true), isNull(companies.deletedAt)))
    .orderBy(asc(companies.createdAt), asc(companies.id))
    .limit(1);
  return row;
}

const roleNamesOfUser = sql<string[]>`array(
  select r.name from ${userRoles} ur join ${roles} r on r.id = ur.role_id
  where ur.user_id = ${sql.raw('"users"."id"')} order by r.priority, r.name)`;

const userRecordFields = {
  user: users,
  companyName: companies.companyName,
  roles: roleNamesOfUser,
};

export type UserRecordRow = { user: typeof users.$inferSelect; companyName: string; roles: string[] };

/**
 * What a list row needs, and nothing secret: the list reads no password hash or two-factor secret, only
 * whether a password is set (for the status). Fewer columns also cost less to build, send and map per page.
 */
const userListFields = {
  user: {
    id: users.id,
    mail: users.mail,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    mobile: users.mobile,
    contactLanguage: users.contactLanguage,
    timezone: users.timezone,
    lastLogin: users.lastLogin,
    isActive: users.isActive,
    invitedAt: users.invitedAt,
    companyId: users.companyId,
    twoFactorEnabledAt: users.twoFactorEnabledAt,
    createdAt: users.createdAt,
    hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  },
  companyName: companies.companyName,
  roles: roleNamesOfUser,
};

export type UserListRow = {
  user: Omit<
    typeof users.$inferSelect,
    | 'passwordHash'
    | 'passwordChangedAt'
    | 'twoFactorSecret'
    | 'twoFactorPendingSecret'
    | 'twoFactorLastStep'
    | 'deletedAt'
    | 'updatedAt'
  > & { hasPassword: boolean };
  companyName: string;
  roles: string[];
};

const USER_SORT: Record<string, PgColumn> = {
  mail: users.mail,
  first_name: users.firstName,
  last_name: users.lastName,
  company_name: companies.companyName,
  last_login: users.lastLogin,
  created_at: users.createdAt,
};

/** First and last name as one string, so "julia schmidt" finds Julia Schmidt; the same expression is trigram-indexed. */
const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/**
 * One page of live users (ADR 0070). Every arm of the search can use an index: the mail and full-name trigram
 * indexes, and the company-id index for companies whose name matches (the full name covers first and last name
 * alone). The page's ids are picked first, so a deep page skips index entries, not joined rows with their roles.
 * `companyId` narrows the list to one company (the caller has checked that it may see that company).
 */
export async function listUsers(
  db: DbOrTx,
  scope: SQL | undefined,
  page: Page & { sortBy: string },
  companyId?: string,
) {
  const pattern = page.search ? likePattern(page.search) : undefined;
  // Matching companies are looked up first (trigram index) and passed as values: the planner then knows how
  // many users that arm brings, instead of guessing and walking the whole sort index for a rare term.
  const matchingCompanyIds = pattern
    ? (await db.select({ id: companies.id }).from(companies).where(ilike(companies.companyName, pattern))).map(
        (c) => c.id,
      )
    : [];
  const ownArms = pattern ? or(ilike(users.mail, pattern), sql`${fullName} ilike ${pattern}`) : undefined;
  const companyArm = matchingCompanyIds.length ? inArray(users.companyId, matchingCompanyIds) : undefined;
  const base = and(isNull(users.deletedAt), scope, companyId ? eq(users.companyId, companyId) : undefined);
  const where = and(base, companyArm ? or(ownArms, companyArm) : ownArms);
  const sortColumn = USER_SORT[page.sortBy] ?? users.createdAt;
  const order = [direction(sortColumn, page.sortDir), asc(users.id)];
  const byCompany = sortColumn === companies.companyName;

  const pageIds = (
    byCompany
      ? db.select({ id: users.id }).from(users).innerJoin(companies, eq(companies.id, users.companyId))
      : db.select({ id: users.id }).from(users)
  )
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit)
    .as('page_ids');

  // The capped count (ADR 0085) rides along as a column of the page: one round trip per list.
  const cap = countCapOf(page.search, page.offset);
  const total = countMatching(db, { base, ownArms, companyArm }, cap);
  const rows = await db
    .select({ ...userListFields, total })
    .from(users)
    .innerJoin(pageIds, eq(pageIds.id, users.id))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .orderBy(...order);
  const data: UserListRow[] = rows.map(({ total: _, ...row }) => row);
  if (rows[0]) return { data, count: rows[0].total };
  // A page past the end carries no count: ask for it alone (the first page's emptiness says 0).
  if (page.offset === 0) return { data, count: 0 };
  const [counted] = await queryRows<{ count: number | string }>(db, sql`select ${total} as count`);
  return { data, count: Number(counted?.count ?? 0) };
}

/**
 * How many users match, up to the cap + 1 (ADR 0085), as a subquery column. With companies matching the
 * search, users matching by their own mail or name and users of those companies are counted as two capped
 * arms of a `union`: each arm then uses its own index (trigram, company id) and stops at cap + 1 rows, where
 * one `OR` filter made PostgreSQL scan the table testing three conditions on every row (4–5× slower for a
 * frequent company name). Two arms of at most cap + 1 rows each can hold up to twice the cap: `least` clamps.
 */
function countMatching(
  db: DbOrTx,
  arms: { base: SQL | undefined; ownArms: SQL | undefined; companyArm: SQL | undefined },
  cap: number,
): SQL<number> {
  const { base, ownArms, companyArm } = arms;
  if (!companyArm) return cappedCountColumn(db.select(oneRow).from(users).where(and(base, ownArms)).$dynamic(), cap);
  // Each arm a materialized CTE read lazily up to its limit, as in `cappedCountColumn` (db/paging.ts).
  const arm = (condition: SQL | undefined) => db.select({ id: users.id }).from(users).where(and(base, condition));
  return sql<number>`(with own as materialized (${arm(ownArms)}), of_companies as materialized (${arm(companyArm)})
    select least(count(*), ${cap + 1})::int from ((select id from own limit ${cap + 1})
    union (select id from of_companies limit ${cap + 1})) as matching)`.mapWith(Number);
}

/** The company exists, is not deleted and lies in the scope (undefined: every company). */
export async function isCompanyVisible(db: DbOrTx, companyId: string, scope: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt), scope))
    .limit(1);
  return Boolean(row);
}

export async function findUserRecord(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<UserRecordRow | undefined> {
  const [row] = await db
    .select(userRecordFields)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), isNull(users.deletedAt), scope))
    .limit(1);
  return row as UserRecordRow | undefined;
}

/** Live, active users holding the admin role, other than the one given. */
export async function countOtherActiveAdmins(db: DbOrTx, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(roles.name, 'admin'),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        sql`${users.id} <> ${exceptUserId}`,
      ),
    );
  return row?.count ?? 0;
}

export async function replaceUserRoles(db: DbOrTx, userId: string, roleIds: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/**
 * The global search's users (ADR 0080): the list's scope, matched on mail and full name (the trigram-indexed
 * arms of the list's search; a company's name finds the company itself). The first SEARCH_CANDIDATES matches
 * are ranked (exact and prefix matches first) and joined with their company. The matches are a MATERIALIZED
 * CTE so that PostgreSQL plans them for every match and reads them lazily: with the LIMIT in view it would pick
 * a sequential scan that stops after 50 rows, which is right for a term on every other row but reads most of the
 * table for a term it overestimates whose matches sit together (a mail domain: 40 ms instead of 1 ms).
 */
export async function searchUsers(db: DbOrTx, scope: SQL | undefined, term: string, limit: number) {
  const match = searchMatch(term, [fullName, users.mail]);
  return queryRows<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    mail: string;
    company_name: string;
  }>(
    db,
    sql`with matches as materialized (
      select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
        ${users.mail} as mail, ${users.companyId} as company_id, ${match.rank} as rank
      from ${users}
      where ${and(isNull(users.deletedAt), scope, match.where)}
    ), candidates as (select * from matches limit ${SEARCH_CANDIDATES})
    select c.id, c.first_name, c.last_name, c.mail, ${companies.companyName} as company_name
    from candidates c join ${companies} on ${companies.id} = c.company_id
    order by c.rank, c.mail, c.id
    limit ${limit}`,
  );
}
