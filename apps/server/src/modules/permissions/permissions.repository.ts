import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { listPage, oneRow } from '../../db/paging';
import { permissions } from './permissions.schema';

export type Page = { offset: number; limit: number; search?: string | undefined; sortDir: 'asc' | 'desc' };

const direction = (column: PgColumn | SQL, dir: 'asc' | 'desc') =>
  dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;

export async function findPermissionsByTitle(db: DbOrTx, titles: string[]) {
  if (!titles.length) return [];
  return db.select().from(permissions).where(inArray(permissions.title, titles));
}

export async function findPermission(db: DbOrTx, id: string) {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  return row;
}

export async function findPermissionClash(db: DbOrTx, values: { title: string; scope: string; value: string }) {
  const [row] = await db
    .select()
    .from(permissions)
    .where(
      or(
        eq(permissions.title, values.title),
        and(eq(permissions.scope, values.scope), eq(permissions.value, values.value)),
      ),
    )
    .limit(1);
  return row;
}

const PERMISSION_SORT: Record<string, PgColumn> = {
  title: permissions.title,
  value: permissions.value,
  scope: permissions.scope,
  grouping: permissions.grouping,
};

export async function listPermissionsSorted(db: DbOrTx, page: Page & { sortBy: string }) {
  const where = page.search
    ? or(
        ilike(permissions.title, likePattern(page.search)),
        ilike(permissions.scope, likePattern(page.search)),
        ilike(permissions.grouping, likePattern(page.search)),
      )
    : undefined;
  const { data, total } = await listPage(
    db,
    db
      .select()
      .from(permissions)
      .where(where)
      .orderBy(direction(PERMISSION_SORT[page.sortBy] ?? permissions.scope, page.sortDir), asc(permissions.title))
      .$dynamic(),
    db.select(oneRow).from(permissions).where(where).$dynamic(),
    page,
  );
  return { data, count: total };
}

export async function insertPermission(db: DbOrTx, values: typeof permissions.$inferInsert) {
  const [row] = await db.insert(permissions).values(values).returning();
  return row!;
}

export async function updatePermission(db: DbOrTx, id: string, values: Partial<typeof permissions.$inferInsert>) {
  const [row] = await db
    .update(permissions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(permissions.id, id))
    .returning();
  return row!;
}

export async function deletePermission(db: DbOrTx, id: string) {
  await db.delete(permissions).where(eq(permissions.id, id));
}

export async function listGroupings(db: DbOrTx) {
  const data = await db
    .select({ grouping: sql<string>`coalesce(${permissions.grouping}, '')`, count: sql<number>`count(*)::int` })
    .from(permissions)
    .groupBy(sql`coalesce(${permissions.grouping}, '')`)
    .orderBy(sql`coalesce(${permissions.grouping}, '')`);
  return { data, count: data.length };
}
