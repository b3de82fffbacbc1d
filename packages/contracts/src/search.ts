import { z } from 'zod';
import { textSchema } from './validation';

/**
 * The global search behind the command palette (Ctrl+K, ADR 0080): one call, answered by a provider
 * per area, each with the scope and the permission of its own list.
 */
export const SEARCH_ROUTES = {
  search: '/search',
} as const;

/**
 * The area a group of found records comes from: the id its module's search provider declares (`cases`,
 * `coupon-codes`, …), a lower-case word with hyphens, so that a new area's provider needs no contract change.
 */
export const searchAreaSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);
export type SearchArea = z.infer<typeof searchAreaSchema>;

export const SEARCH_LIMITS = {
  /**
   * Shorter terms match too much of every list to be of use, and have no trigram: the trigram indexes that
   * serve the lists' substring search cannot narrow them (ADR 0080).
   */
  minLength: 3,
  maxLength: 100,
  /** Items per area. */
  defaultPerArea: 5,
  maxPerArea: 10,
} as const;

export const searchQuerySchema = z.object({
  /** The term, trimmed; matched as a substring (ILIKE) like the lists' search. */
  q: textSchema(SEARCH_LIMITS.maxLength, { required: true, min: SEARCH_LIMITS.minLength }),
  /** Items per area. */
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPerArea).default(SEARCH_LIMITS.defaultPerArea),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One record found; the web builds its link from the area and the id. `subtitle` is a ready line in English for
 * older readers; the coded fields beside it (`status`, `kind`, `untitled`) let the web write the same line in the
 * reader's language with its lists' labels, around the record's own words in `details` (ADR 0125).
 */
export const searchItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  /** The subtitle's parts that are the record's own words (patient, company name), never translated. */
  details: z.array(z.string()).optional(),
  /** The record's status code in its area's vocabulary (a case's, an invoice's, a ticket's status). */
  status: z.string().optional(),
  /** The record's kind code within its area (an invoice's type, a mail template's event). */
  kind: z.string().optional(),
  /** The record has no name of its own (an invoice draft has no number yet): `title` is an English stand-in. */
  untitled: z.boolean().optional(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchGroupSchema = z.object({
  area: searchAreaSchema,
  items: z.array(searchItemSchema),
  /** More records match than the items shown (the area's list finds them all). */
  has_more: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Only areas the caller may list and that found something, in the providers' order. */
export const searchResponseSchema = z.object({
  groups: z.array(searchGroupSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
