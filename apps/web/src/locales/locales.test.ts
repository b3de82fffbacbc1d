import { FULL_LANGUAGES, UI_LANGUAGES } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../testing/dictionaries';

const en = DICTIONARIES.en!;

// Every error code the contracts declare: the general ones and each area's (`defineErrors` in its contracts file).
const contracts = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contracts/src/*.ts', '!../../../../packages/contracts/src/*.test.ts'],
  { eager: true },
);
const DECLARED_CODES = Object.values(contracts).flatMap((exports) =>
  Object.entries(exports).flatMap(([name, declared]) =>
    name.endsWith('_ERRORS') ? Object.keys(declared as object) : [],
  ),
);

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

// Namespaces every interface language translates in full, the partial ones (es, tu) too: a refusal from the
// server must read in the user's language, never half in English.
const COMPLETE_IN_EVERY_LANGUAGE = ['errors'];

/** English keys of `namespace` the dictionary lacks or leaves empty. */
function untranslated(dictionary: Record<string, unknown> | undefined, namespace: string): string[] {
  const own = (dictionary?.[namespace] ?? {}) as Record<string, unknown>;
  return flattenKeys({ [namespace]: en[namespace] }).filter((key) => {
    const value = key
      .slice(namespace.length + 1)
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], own);
    return typeof value !== 'string' || value.trim() === '';
  });
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

  it.each(UI_LANGUAGES.flatMap((language) => COMPLETE_IN_EVERY_LANGUAGE.map((namespace) => [language, namespace])))(
    '%s translates every English key of %s',
    (language, namespace) => {
      expect(untranslated(DICTIONARIES[language], namespace)).toEqual([]);
    },
  );

  it('has an English text for every error code the contracts declare (or for each of its contexts)', () => {
    const texts = Object.keys(en.errors ?? {});
    expect(DECLARED_CODES).toContain('TICKET_COMMENT_RESOLVED');
    expect(DECLARED_CODES.filter((code) => !texts.some((key) => key === code || key.startsWith(`${code}_`)))).toEqual(
      [],
    );
  });

  it('the completeness check notices a missing or empty Spanish error text', () => {
    const { GRANT_NOT_HELD: _removed, ...errors } = DICTIONARIES.es!.errors!;
    expect(untranslated({ ...DICTIONARIES.es, errors }, 'errors')).toEqual(['errors:GRANT_NOT_HELD']);
    expect(untranslated({ ...DICTIONARIES.es, errors: { ...errors, GRANT_NOT_HELD: ' ' } }, 'errors')).toEqual([
      'errors:GRANT_NOT_HELD',
    ]);
  });

  it('the key-parity check notices a missing key', () => {
    const broken = { ...en, common: { ...en.common, time: {} } };
    const keys = new Set(flattenKeys(broken));
    expect([...keysOf('de')].filter((key) => !keys.has(key))).toEqual(['common:time.justNow']);
  });
});
