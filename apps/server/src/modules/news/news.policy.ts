import { DEFAULT_LANGUAGE, type LanguageCode } from '@cuspid/contracts';
import type { NewsStatus } from '@cuspid/contracts/news';

// Who may manage news is the routes' permission (backoffice-news). Who may read an item is its audience and
// its publish date, matched in the feed's SQL (news.repository.ts, `forReader`), so that an item outside the
// reader's audience answers 404 like one that does not exist. These are the rules around them.

/** Scheduled until its publish date, published from then on. */
export const newsStatusOf = (publishAt: Date, now: Date): NewsStatus => (publishAt > now ? 'scheduled' : 'published');

/**
 * The language of a reader's feed: the asked one while it has published news for the reader, else English
 * (news are written per language; a language without any falls back to en, as the FAQ does).
 */
export const feedLanguage = (asked: LanguageCode, hasNewsInAsked: boolean): LanguageCode =>
  hasNewsInAsked ? asked : DEFAULT_LANGUAGE;

/** An audience as stored: each name once, in a stable order (so that an unchanged audience audits no change). */
export const normalizedAudience = <T extends string>(names: readonly T[]): T[] => [...new Set(names)].sort();
