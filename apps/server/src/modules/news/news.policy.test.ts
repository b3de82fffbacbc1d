import { describe, expect, it } from 'vitest';
import { feedLanguage, newsStatusOf, normalizedAudience } from './news.policy';

describe('news policy', () => {
  it('is scheduled until its publish date and published from then on', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(newsStatusOf(new Date('2026-05-01T10:00:01Z'), now)).toBe('scheduled');
    expect(newsStatusOf(now, now)).toBe('published');
    expect(newsStatusOf(new Date('2026-04-30T10:00:00Z'), now)).toBe('published');
  });

  it('shows the asked language while it has news, else English', () => {
    expect(feedLanguage('de', true)).toBe('de');
    expect(feedLanguage('de', false)).toBe('en');
  });

  it('stores an audience with each name once, sorted', () => {
    expect(normalizedAudience(['reseller', 'end-user', 'reseller'])).toEqual(['end-user', 'reseller']);
  });
});
