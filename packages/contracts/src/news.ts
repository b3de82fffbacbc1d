import { z } from 'zod';
import { languageCodeSchema, partnerTypeSchema } from './auth';
import { backendListQuerySchema } from './common';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { dateTimeSchema, textSchema } from './validation';

/**
 * News (spec sections 2, 3 and 7; ADR 0111): a subject and a rich-text body in one language, published from
 * `publish_at` on (scheduled before), optionally only for some roles and/or partner types. Staff manage them
 * on /api/news (backoffice-news); every signed-in user reads the published ones meant for them on
 * /api/news-feed, with a read marker per user.
 */
export const NEWS_PERMISSION = 'backoffice-news' as const satisfies PermissionTitle;

/** Derived from publish_at: `scheduled` until then, `published` from then on. */
export const NEWS_STATUSES = ['scheduled', 'published'] as const;
export const newsStatusSchema = z.enum(NEWS_STATUSES);
export type NewsStatus = z.infer<typeof newsStatusSchema>;

export const NEWS_SUBJECT_MAX = 200;
/** The body as HTML, before sanitising (a long article with formatting, far below the body limit). */
export const NEWS_BODY_MAX = 100_000;

export const NEWS_MESSAGES = {
  subject: 'Enter the subject',
  body: 'Write the text of the news',
  unknownRole: 'No role is called {{role}}',
} as const;

/**
 * Who a news item is for. Both lists empty: everyone. Otherwise a user whose roles include one of `roles`, or
 * one of whose roles stands for one of `partner_types`.
 */
export const newsAudienceSchema = z.object({
  roles: z.array(textSchema(64)).max(50),
  partner_types: z.array(partnerTypeSchema).max(10),
});
export type NewsAudience = z.infer<typeof newsAudienceSchema>;

const newsFields = {
  subject: textSchema(NEWS_SUBJECT_MAX, { required: NEWS_MESSAGES.subject }),
  language: languageCodeSchema,
  /** Rich text (HTML); the server keeps only the tags and attributes news may hold (ADR 0111). */
  body: textSchema(NEWS_BODY_MAX, { required: NEWS_MESSAGES.body }),
  publish_at: dateTimeSchema,
  audience: newsAudienceSchema,
};

/** POST /news. Without publish_at the item is published at once; without audience it is for everyone. */
export const newsInputSchema = z.object({
  ...newsFields,
  publish_at: newsFields.publish_at.optional(),
  audience: newsAudienceSchema.default({ roles: [], partner_types: [] }),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

/** PUT /news/{id}: changes only the fields it names. */
export const newsUpdateSchema = z.object(newsFields).partial();
export type NewsUpdate = z.infer<typeof newsUpdateSchema>;

export const newsSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  language: languageCodeSchema,
  /** Sanitised HTML. */
  body: z.string(),
  publish_at: z.iso.datetime(),
  audience: newsAudienceSchema,
  status: newsStatusSchema,
  /** Signed-in users who marked it read. */
  reads: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type News = z.infer<typeof newsSchema>;

export const NEWS_SORT_FIELDS = ['publish_at', 'subject', 'created_at', 'updated_at'] as const;

export const newsListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(NEWS_SORT_FIELDS).default('publish_at'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  language: languageCodeSchema.optional(),
  status: newsStatusSchema.optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

/**
 * GET /news-feed: the published news meant for the caller, newest first. `language`: the caller's language
 * (else the request's Accept-Language, else en); with no published news in it, the English ones.
 */
export const newsFeedQuerySchema = backendListQuerySchema.pick({ page: true, per_page: true }).extend({
  language: languageCodeSchema.optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type NewsFeedQuery = z.infer<typeof newsFeedQuerySchema>;

export const newsFeedItemSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  language: languageCodeSchema,
  body: z.string(),
  publish_at: z.iso.datetime(),
  /** When the caller marked it read; null: unread. */
  read_at: z.iso.datetime().nullable(),
});
export type NewsFeedItem = z.infer<typeof newsFeedItemSchema>;

export const newsFeedSchema = z.object({
  data: z.array(newsFeedItemSchema),
  total: z.number().int(),
  /** Unread items of the feed, on every page. */
  unread: z.number().int(),
  /** The language the feed is in (the asked one, or en as the fallback). */
  language: languageCodeSchema,
});
export type NewsFeed = z.infer<typeof newsFeedSchema>;

/** Main backend paths of the news area (relative to the api service). */
export const NEWS_ROUTES = {
  news: '/news',
  newsItem: (id: string) => `/news/${id}`,
  feed: '/news-feed',
  feedItem: (id: string) => `/news-feed/${id}`,
  markRead: (id: string) => `/news-feed/${id}/read`,
} as const;

/** The news area: its entries of the permission catalogue. */
export const NEWS_PERMISSION_CATALOGUE = [backofficePermission('news', 'content')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof NEWS_PERMISSION_CATALOGUE> {}
}
