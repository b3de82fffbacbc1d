import { describe, expect, it } from 'vitest';
import { shownLanguage } from './content.policy';

describe('content policy', () => {
  it('shows the asked language where it has content, else English', () => {
    expect(shownLanguage('fr', (language) => language === 'fr')).toBe('fr');
    expect(shownLanguage('fr', (language) => language === 'en')).toBe('en');
    expect(shownLanguage('en', () => false)).toBe('en');
  });
});
