import type { News, NewsFeedItem } from '@cuspid/contracts/news';

export const NEWS_ID = '55555555-5555-4555-8555-555555555555';
export const OLDER_NEWS_ID = '66666666-6666-4666-8666-666666666666';

export function newsRecord(overrides: Partial<News> = {}): News {
  return {
    id: NEWS_ID,
    subject: 'New scanner formats',
    language: 'en',
    body: '<p>We now read <strong>PLY</strong> files.</p>',
    publish_at: '2026-11-20T08:00:00.000Z',
    audience: { roles: [], partner_types: [] },
    status: 'published',
    reads: 4,
    created_at: '2026-11-19T08:00:00.000Z',
    updated_at: '2026-11-19T08:00:00.000Z',
    ...overrides,
  };
}

export function feedItem(overrides: Partial<NewsFeedItem> = {}): NewsFeedItem {
  return {
    id: NEWS_ID,
    subject: 'New scanner formats',
    language: 'en',
    body: '<p>We now read <strong>PLY</strong> files.</p>',
    publish_at: '2026-11-20T08:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}
