import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage, oneRow } from '../../db/paging';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';
import { apiKeys } from './api-keys.schema';

export type Page = { offset: number; limit: number; search?: string | undefined; sortDir: 'asc' | 'desc' };

const direction = (column: PgColumn | SQL, dir: 'asc' | 'desc') =>
  dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;

export type ApiKeyRow = typeof apiKeys.$inferSelect & { ownerMail: string };
const apiKeyFields = { key: apiKeys, ownerMail: users.mail };

const API_KEY_SORT: Record<string, PgColumn> = {
  name: apiKeys.name,
  client_id: apiKeys.clientId,
  expires_at: apiKeys.expiresAt,
  last_used_at: apiKeys.lastUsedAt,
  created_at: apiKeys.createdAt,
};

const flattenKey = (row: { key: typeof apiKeys.$inferSelect; ownerMail: string }): ApiKeyRow => ({
  ...row.key,
  ownerMail: row.ownerMail,
});

export async function listApiKeys(db: DbOrTx, scope: SQL | undefined, page: Page & { sortBy: string }) {
  const search = page.search
    ? or(
        ilike(apiKeys.name, likePattern(page.search)),
        ilike(apiKeys.clientId, likePattern(page.search)),
        ilike(users.mail, likePattern(page.search)),
      )
    : undefined;
  const where = and(isNull(apiKeys.deletedAt), scope, search);
  const { data, total } = await listPage(
    db,
    db
      .select(apiKeyFields)
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.ownerId))
      .where(where)
      .orderBy(direction(API_KEY_SORT[page.sortBy] ?? apiKeys.createdAt, page.sortDir), asc(apiKeys.id))
      .$dynamic(),
    db.select(oneRow).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.ownerId)).where(where).$dynamic(),
    page,
  );
  return { data: data.map(flattenKey), count: total };
}

export async function findApiKey(db: DbOrTx, id: string, scope: SQL | undefined): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(apiKeyFields)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt), scope))
    .limit(1);
  return row ? flattenKey(row) : undefined;
}

export async function findApiKeyByClientId(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.clientId, clientId), isNull(apiKeys.deletedAt)))
    .limit(1);
  return row;
}

/** A live user in the scope (on `users.company_id`), who may own a key. */
export async function findOwner(db: DbOrTx, userId: string, scope: SQL | undefined) {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt), scope))
    .limit(1);
  return row;
}

/** Whether a company exists and is not deleted. */
export async function isLiveCompany(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/**
 * Updates a live key in the scope (on `api_keys.company_id`; undefined: every company); undefined when
 * there is none such.
 */
export async function updateApiKey(
  db: DbOrTx,
  id: string,
  values: Partial<typeof apiKeys.$inferInsert>,
  scope: SQL | undefined,
) {
  const [row] = await db
    .update(apiKeys)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt), scope))
    .returning();
  return row;
}

export async function touchApiKey(db: DbOrTx, id: string) {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

/** Revokes every live key of a user (the user was deleted or deactivated). */
export async function revokeUserApiKeys(db: DbOrTx, userId: string) {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(apiKeys.ownerId, userId), isNull(apiKeys.revokedAt)));
}
