import { FULL_LANGUAGES, UI_LANGUAGES } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../testing/dictionaries';

const en = DICTIONARIES.en!;

/** Every leaf key as `namespace:path.to.key`. */
function flattenKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === '' ? `${key}:` : prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    return flattenKeys(child, path);
  });
}

function keysOf(language: string): Set<string> {
  return new Set(flattenKeys(DICTIONARIES[language]));
}

describe('dictionaries', () => {
  it('has a dictionary for every interface language', () => {
    expect(Object.keys(DICTIONARIES).sort()).toEqual([...UI_LANGUAGES].sort());
  });

  it.each(FULL_LANGUAGES.flatMap((a) => FULL_LANGUAGES.filter((b) => b !== a).map((b) => [a, b] as const)))(
    '%s has every key that %s has',
    (language, other) => {
      const own = keysOf(language);
      const missing = [...keysOf(other)].filter((key) => !own.has(key));
      expect(missing, `${language} lacks keys that ${other} has`).toEqual([]);
    },
  );

  it.each(['es', 'tu'])('the partial %s dictionary only uses keys English has', (language) => {
    const english = keysOf('en');
    expect([...keysOf(language)].filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(FULL_LANGUAGES)('%s has no empty labels', (language) => {
    const empty = flattenKeys(DICTIONARIES[language]).filter((key) => {
      const [namespace, path] = key.split(':') as [string, string];
      const value = path
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], DICTIONARIES[language]?.[namespace]);
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it('the key-parity check notices a missing key', () => {
    const broken = { ...en, common: { ...en.common, time: {} } };
    const keys = new Set(flattenKeys(broken));
    expect([...keysOf('de')].filter((key) => !keys.has(key))).toEqual(['common:time.justNow']);
  });
});
