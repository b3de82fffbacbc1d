import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language';

describe('requestLanguage', () => {
  it('takes the asked language, else the first portal language of Accept-Language, else en', () => {
    expect(requestLanguage('fr', 'de-DE,de;q=0.9')).toBe('fr');
    expect(requestLanguage(undefined, 'de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(requestLanguage(undefined, 'nl-NL, FR;q=0.5')).toBe('fr');
    expect(requestLanguage(undefined, 'nl, *')).toBe('en');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });
});
