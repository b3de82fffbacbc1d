import type { NewsListQuery } from '@cuspid/contracts/news';
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { rolesStandForAny } from '../roles/roles.tables';
import { news, newsReads } from './news.schema';

export type NewsRow = typeof news.$inferSelect;
export type NewsWithReads = NewsRow & { reads: number };
export type FeedRow = NewsRow & { readAt: Date | null };

/** Who reads the feed: the audience is matched on these (the roles' partner types are looked up in SQL). */
export type Reader = { userId: string; roles: readonly string[] };

const readCount = sql<number>`(select count(*)::int from ${newsReads} where ${newsReads.newsId} = ${news.id})`;
const withReads = { item: news, reads: readCount };
const flatten = (rows: { item: NewsRow; reads: number }[]): NewsWithReads[] =>
  rows.map((r) => ({ ...r.item, reads: Number(r.reads) }));

const SORT_COLUMNS = {
  publish_at: news.publishAt,
  subject: sql`lower(${news.subject})`,
  created_at: news.createdAt,
  updated_at: news.updatedAt,
} as const;

export async function listNews(db: DbOrTx, query: NewsListQuery) {
  const where = and(
    query.search ? ilike(news.subject, likePattern(query.search)) : undefined,
    query.language ? eq(news.language, query.language) : undefined,
    query.status === 'published' ? sql`${news.publishAt} <= now()` : undefined,
    query.status === 'scheduled' ? sql`${news.publishAt} > now()` : undefined,
  );
  const direction = query.sort_dir === 'desc' ? desc : asc;
  const { data, total } = await listPage(
    db,
    db
      .select(withReads)
      .from(news)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort_by]), direction(news.id))
      .$dynamic(),
    db.select(oneRow).from(news).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: flatten(data), total };
}

export async function findNews(db: DbOrTx, id: string): Promise<NewsWithReads | undefined> {
  return flatten(await db.select(withReads).from(news).where(eq(news.id, id)))[0];
}

export async function insertNews(db: DbOrTx, values: typeof news.$inferInsert): Promise<NewsRow> {
  const [row] = await db.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(db: DbOrTx, id: string, values: Partial<typeof news.$inferInsert>) {
  await db
    .update(news)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(news.id, id));
}

export async function deleteNews(db: DbOrTx, id: string) {
  await db.delete(news).where(eq(news.id, id));
}

export { unknownRoleNames } from '../roles/roles.tables';

/**
 * Published news meant for the reader: no audience, one of the reader's roles, or a partner type one of the
 * reader's roles stands for. The audience is part of every feed query, so an item outside it is never read.
 */
function forReader(reader: Reader): SQL {
  const names = reader.roles.length
    ? sql`array[${sql.join(
        reader.roles.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  return and(
    sql`${news.publishAt} <= now()`,
    sql`(
      (cardinality(${news.audienceRoles}) = 0 and cardinality(${news.audiencePartnerTypes}) = 0)
      or ${news.audienceRoles} && ${names}
      or ${rolesStandForAny(names, news.audiencePartnerTypes)}
    )`,
  )!;
}

const readOf = (reader: Reader) => sql`${newsReads.newsId} = ${news.id} and ${newsReads.userId} = ${reader.userId}`;

/** Whether the reader has any published news in this language. */
export async function hasFeedIn(db: DbOrTx, reader: Reader, language: string): Promise<boolean> {
  const rows = await db
    .select(oneRow)
    .from(news)
    .where(and(forReader(reader), eq(news.language, language)))
    .limit(1);
  return rows.length > 0;
}

/** One page of the reader's feed in a language, newest first, with the reader's read markers. */
export async function listFeed(
  db: DbOrTx,
  reader: Reader,
  language: string,
  query: { page: number; per_page: number; unread?: boolean | undefined },
) {
  const where = and(
    forReader(reader),
    eq(news.language, language),
    query.unread ? isNull(newsReads.readAt) : undefined,
  );
  const { data, total } = await listPage(
    db,
    db
      .select({ item: news, readAt: newsReads.readAt })
      .from(news)
      .leftJoin(newsReads, readOf(reader))
      .where(where)
      .orderBy(desc(news.publishAt), desc(news.id))
      .$dynamic(),
    db.select(oneRow).from(news).leftJoin(newsReads, readOf(reader)).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: data.map((r): FeedRow => ({ ...r.item, readAt: r.readAt })), total };
}

/** How many of the reader's feed items in a language are unread. */
export async function countUnread(db: DbOrTx, reader: Reader, language: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(news)
    .leftJoin(newsReads, readOf(reader))
    .where(and(forReader(reader), eq(news.language, language), isNull(newsReads.readAt)));
  return Number(row?.n ?? 0);
}

/** One published item of the reader's feed (any language), or undefined outside the reader's audience. */
export async function findFeedItem(db: DbOrTx, reader: Reader, id: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .select({ item: news, readAt: newsReads.readAt })
    .from(news)
    .leftJoin(newsReads, readOf(reader))
    .where(and(forReader(reader), eq(news.id, id)));
  return row ? { ...row.item, readAt: row.readAt } : undefined;
}

/** Marks the item read for the user (the first reading stays). */
export async function markRead(db: DbOrTx, userId: string, newsId: string) {
  await db.insert(newsReads).values({ userId, newsId }).onConflictDoNothing();
}
