import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../testing/dictionaries';

/**
 * One word per concept and language (ADR 0125): a synonym a translator may reach for is listed here, so that it
 * cannot creep back into any dictionary. Each rule names the concept and the term to use instead.
 */
type Rule = { concept: string; use: string; forbidden: RegExp };

const GLOSSARY: Record<string, Rule[]> = {
  en: [{ concept: 'the FAQ and privacy text editor', use: 'Help content', forbidden: /global configuration/i }],
  de: [
    { concept: 'a company (the record)', use: 'Firma / Firmen', forbidden: /Unternehmen/ },
    { concept: 'the company number', use: 'Kundennummer', forbidden: /Firmennummer/ },
    // "Guthaben" is the balance only ("Ihr Guthaben: 5 Credits"); what is bought, counted and priced is Credits.
    {
      concept: 'the unit a case is paid with',
      use: 'Credit / Credits',
      forbidden:
        /(\d|\}\}) Guthaben|Guthaben(?!s\b)[\p{L}-]|[\p{L}-]Guthaben|Guthaben (kaufen|kauft|gebucht|je)|^Guthaben$/u,
    },
    { concept: 'the FAQ and privacy text editor', use: 'Hilfeinhalte', forbidden: /Globale Konfiguration/i },
  ],
  fr: [
    { concept: 'a company (the record)', use: 'entreprise', forbidden: /soci[ée]t[ée]/i },
    { concept: 'the company number', use: 'numéro client', forbidden: /num[ée]ros? (d[e’'] ?)?(entreprise|soci)/i },
    { concept: 'the FAQ and privacy text editor', use: 'Contenus d’aide', forbidden: /configuration globale/i },
  ],
};

function texts(tree: unknown, key: string): { key: string; text: string }[] {
  if (typeof tree === 'string') return [{ key, text: tree }];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([child, value]) => texts(value, key ? `${key}.${child}` : child));
}

const textsOf = (language: string) =>
  Object.entries(DICTIONARIES[language] ?? {}).flatMap(([namespace, tree]) =>
    texts(tree, '').map((t) => ({ ...t, key: `${namespace}:${t.key}` })),
  );

describe('glossary', () => {
  for (const [language, rules] of Object.entries(GLOSSARY)) {
    it(`keeps ${language} to one term per concept`, () => {
      const all = textsOf(language);
      expect(all.length).toBeGreaterThan(100);
      const offending = rules.flatMap((rule) =>
        all
          .filter(({ text }) => rule.forbidden.test(text))
          .map(({ key, text }) => `${key} "${text}": for ${rule.concept} use "${rule.use}"`),
      );
      expect(offending).toEqual([]);
    });
  }

  it('catches the synonyms it lists', () => {
    const rule = (language: string, use: string) => GLOSSARY[language]!.find((r) => r.use === use)!.forbidden;
    const credits = rule('de', 'Credit / Credits');
    for (const unit of ['{{count}} Guthaben', 'Guthabenpaket', 'Länder-Guthaben', 'Guthaben kaufen', 'Guthaben']) {
      expect(credits.test(unit), unit).toBe(true);
    }
    for (const balance of [
      'Ihr Guthaben: {{count}} Credits',
      'Verlauf des Guthabens',
      'Kein Guthaben in diesem Zeitraum.',
    ]) {
      expect(credits.test(balance), balance).toBe(false);
    }
    expect(rule('fr', 'entreprise').test('Toutes les sociétés')).toBe(true);
    expect(rule('fr', 'numéro client').test("Les numéros d'entreprise")).toBe(true);
    expect(rule('de', 'Firma / Firmen').test('Mein Unternehmen')).toBe(true);
  });
});
