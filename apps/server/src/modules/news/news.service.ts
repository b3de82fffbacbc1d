import type { LanguageCode } from '@cuspid/contracts';
import {
  NEWS_MESSAGES,
  type News,
  type NewsAudience,
  type NewsFeed,
  type NewsFeedItem,
  type NewsFeedQuery,
  type NewsInput,
  type NewsListQuery,
  type NewsUpdate,
} from '@cuspid/contracts/news';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { richTextIsEmpty, sanitizeRichText } from '../../lib/rich-text';
import { feedLanguage, newsStatusOf, normalizedAudience } from './news.policy';
import * as repo from './news.repository';

export function toNews(row: repo.NewsWithReads, now = new Date()): News {
  return {
    id: row.id,
    subject: row.subject,
    language: row.language as LanguageCode,
    body: row.body,
    publish_at: row.publishAt.toISOString(),
    audience: {
      roles: row.audienceRoles,
      partner_types: row.audiencePartnerTypes as NewsAudience['partner_types'],
    },
    status: newsStatusOf(row.publishAt, now),
    reads: row.reads,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toFeedItem = (row: repo.FeedRow): NewsFeedItem => ({
  id: row.id,
  subject: row.subject,
  language: row.language as LanguageCode,
  body: row.body,
  publish_at: row.publishAt.toISOString(),
  read_at: row.readAt ? row.readAt.toISOString() : null,
});

/** What the audit trail keeps of a news item (its read counter changes by reading, not by an edit). */
const auditSnapshot = ({ reads: _reads, status: _status, created_at: _c, updated_at: _u, ...rest }: News) => rest;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: { [field]: [message] } });

/** The body as stored: sanitised, and not empty once sanitised (a body of a lone script is no text). */
function storedBody(html: string): string {
  const body = sanitizeRichText(html);
  if (richTextIsEmpty(body)) throw fieldError('body', NEWS_MESSAGES.body);
  return body;
}

async function storedAudience(db: DbOrTx, audience: NewsAudience) {
  const roles = normalizedAudience(audience.roles);
  const [unknown] = await repo.unknownRoleNames(db, roles);
  if (unknown) throw fieldError('audience.roles', NEWS_MESSAGES.unknownRole.replace('{{role}}', unknown));
  return { audienceRoles: roles, audiencePartnerTypes: normalizedAudience(audience.partner_types) };
}

export async function listNews(deps: Deps, query: NewsListQuery) {
  const { data, total } = await repo.listNews(deps.db, query);
  const now = new Date();
  return { data: data.map((row) => toNews(row, now)), total };
}

export async function getNews(deps: Deps, id: string): Promise<News> {
  const row = await repo.findNews(deps.db, id);
  if (!row) throw notFound();
  return toNews(row);
}

/** Creates a news item; its body is sanitised before it is stored (ADR 0111). */
export async function createNews(deps: Deps, actor: Actor, body: NewsInput): Promise<News> {
  const stored = storedBody(body.body);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertNews(tx, {
      subject: body.subject,
      language: body.language,
      body: stored,
      ...(body.publish_at ? { publishAt: new Date(body.publish_at) } : {}),
      ...(await storedAudience(tx, body.audience)),
      createdBy: actor.userId,
    });
    const created = toNews((await repo.findNews(tx, row.id))!);
    await recordAudit(tx, actor, { entity: 'news', entityId: row.id, action: 'create', after: auditSnapshot(created) });
    return created;
  });
}

/** Updates the fields the body names; a new body is sanitised like a first one. */
export async function updateNews(deps: Deps, actor: Actor, id: string, body: NewsUpdate): Promise<News> {
  const stored = body.body !== undefined ? storedBody(body.body) : undefined;
  return deps.db.transaction(async (tx) => {
    const existing = await repo.findNews(tx, id);
    if (!existing) throw notFound();
    await repo.updateNews(tx, id, {
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(stored !== undefined ? { body: stored } : {}),
      ...(body.publish_at !== undefined ? { publishAt: new Date(body.publish_at) } : {}),
      ...(body.audience !== undefined ? await storedAudience(tx, body.audience) : {}),
    });
    const updated = toNews((await repo.findNews(tx, id))!);
    await recordAudit(tx, actor, {
      entity: 'news',
      entityId: id,
      action: 'update',
      before: auditSnapshot(toNews(existing)),
      after: auditSnapshot(updated),
    });
    return updated;
  });
}

/** Deletes a news item and its read markers. */
export async function deleteNews(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await repo.findNews(tx, id);
    if (!existing) throw notFound();
    await repo.deleteNews(tx, id);
    await recordAudit(tx, actor, {
      entity: 'news',
      entityId: id,
      action: 'delete',
      before: auditSnapshot(toNews(existing)),
    });
  });
  return { message: 'The news item was deleted' };
}

const readerOf = (actor: Actor): repo.Reader => ({ userId: actor.userId, roles: actor.roles });

/** GET /news-feed: the caller's published news in `language` (en where it has none), newest first. */
export async function listFeed(
  deps: Deps,
  actor: Actor,
  language: LanguageCode,
  query: NewsFeedQuery,
): Promise<NewsFeed> {
  const reader = readerOf(actor);
  const shown = feedLanguage(language, await repo.hasFeedIn(deps.db, reader, language));
  const [{ data, total }, unread] = await Promise.all([
    repo.listFeed(deps.db, reader, shown, query),
    repo.countUnread(deps.db, reader, shown),
  ]);
  return { data: data.map(toFeedItem), total, unread, language: shown };
}

/** GET /news-feed/{id}: one published item meant for the caller (404 outside its audience or before it is published). */
export async function getFeedItem(deps: Deps, actor: Actor, id: string): Promise<NewsFeedItem> {
  const row = await repo.findFeedItem(deps.db, readerOf(actor), id);
  if (!row) throw notFound();
  return toFeedItem(row);
}

/** POST /news-feed/{id}/read: marks the item read for the caller (again: no change). */
export async function markRead(deps: Deps, actor: Actor, id: string): Promise<NewsFeedItem> {
  const reader = readerOf(actor);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findFeedItem(tx, reader, id))) throw notFound();
    await repo.markRead(tx, actor.userId, id);
    return toFeedItem((await repo.findFeedItem(tx, reader, id))!);
  });
}
