import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../testing/dictionaries';

/**
 * Beside the parity test: every key the code names exists in English (a missing one shows its raw key
 * to users), and every English key is named somewhere (an unused one is dead text translators keep
 * paying for). Read from the sources as text, with the conventions this code base uses.
 */

const SRC = path.resolve(import.meta.dirname, '..');

/** Namespaces whose keys are chosen at run time from data, not named in code. */
const DATA_KEYED_NAMESPACES = new Set([
  'errors', // the error code of an answer (lib/notify.ts)
  'validation', // the contracts' messages mapped to keys (lib/form-validation.ts)
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function leafKeys(value: unknown, prefix: string): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, `${prefix}.${key}`));
}

const ENGLISH = Object.entries(DICTIONARIES.en ?? {}).flatMap(([namespace, tree]) =>
  Object.entries(tree as object).flatMap(([key, child]) => leafKeys(child, `${namespace}:${key}`)),
);
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys composed from run-time parts only (no written start or end), with where they are composed. */
const COMPOSED_KEYS: { pattern: RegExp; where: string }[] = [
  {
    pattern: /^password:(invitation|reset)\.(expired|used|invalid)$/,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: names the source's template literal
    where: 'features/account-links/components/link-problem.tsx: t(`${section}.${kind}`)',
  },
];

export type Source = { file: string; text: string };

/** The namespaces a file's `useTranslation` calls name (the first is the default of its `t`). */
function namespacesOf(text: string): string[] {
  return [...text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/'([^']+)'/g)].map((n) => n[1] ?? ''),
  );
}

/** `t('key')` calls whose key is written out and is not in English (any of the file's namespaces). */
export function missingKeys(sources: Source[], english: readonly string[]): string[] {
  const known = new Set(english.map((k) => k.replace(PLURAL, '')));
  const isKnown = (key: string) => known.has(key) || english.some((k) => k.startsWith(`${key}.`));
  return sources.flatMap(({ file, text }) => {
    const namespaces = namespacesOf(text);
    return [...text.matchAll(/\bt\(\s*'([^']+)'/g)]
      .map((m) => m[1] ?? '')
      .filter((key) => {
        const candidates = key.includes(':')
          ? [key]
          : (namespaces.length ? namespaces : ['common']).map((n) => `${n}:${key}`);
        return !candidates.some(isKnown);
      })
      .map((key) => `${file}: ${key}`);
  });
}

/**
 * English keys nothing names. Named means: a string literal equal to the key (with or without its
 * namespace, e.g. a route's label key), a literal naming a whole branch (`t('faq.items', { returnObjects })`),
 * or a template literal whose written start or end matches (`t(\`statuses.${s}\`)`, `t(\`${section}.title\`)`).
 */
export function unusedKeys(sources: Source[], english: readonly string[]): string[] {
  const literals = new Set<string>();
  const starts: string[] = [];
  const ends: string[] = [];
  for (const { text } of sources) {
    for (const m of text.matchAll(/'([A-Za-z][\w.:-]*)'/g)) literals.add(m[1] ?? '');
    for (const m of text.matchAll(/`([A-Za-z][\w.:-]*)\$\{/g)) starts.push(m[1] ?? '');
    for (const m of text.matchAll(/\}(\.[\w.-]+)`/g)) ends.push(m[1] ?? '');
  }
  return english.filter((full) => {
    const [namespace = '', key = ''] = full.replace(PLURAL, '').split(':');
    if (DATA_KEYED_NAMESPACES.has(namespace)) return false;
    // The key itself, or a branch of two or more levels read whole (`faq.items`); a bare first level
    // (`users`) is too common a word to count.
    const branches = key
      .split('.')
      .map((_, i, parts) => parts.slice(0, i + 1).join('.'))
      .filter((b) => b === key || b.includes('.'));
    const named = branches.some((b) => literals.has(b) || literals.has(`${namespace}:${b}`));
    const templated =
      starts.some((s) => `${namespace}:${key}`.startsWith(s) || key.startsWith(s)) || ends.some((e) => key.endsWith(e));
    return !named && !templated;
  });
}

const SOURCES: Source[] = sourceFiles(SRC).map((file) => ({
  file: path.relative(SRC, file),
  text: fs.readFileSync(file, 'utf8'),
}));

describe('translation keys', () => {
  it('reads the sources and the English dictionary', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(ENGLISH.length).toBeGreaterThan(500);
  });

  it('names no key that English lacks', () => {
    expect(missingKeys(SOURCES, ENGLISH)).toEqual([]);
  });

  it('has no English key that nothing names', () => {
    const composed = (key: string) => COMPOSED_KEYS.some(({ pattern }) => pattern.test(key));
    expect(unusedKeys(SOURCES, ENGLISH).filter((key) => !composed(key))).toEqual([]);
  });

  it('notices a missing and an unused key', () => {
    const sources = [
      {
        file: 'a.tsx',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it
        text: "const { t } = useTranslation('shop');\nt('cart.title'); t('cart.gone'); t(`status.${s}`);",
      },
    ];
    const english = ['shop:cart.title', 'shop:status.open', 'shop:cart.stale', 'errors:ANY'];
    expect(missingKeys(sources, english)).toEqual(['a.tsx: cart.gone']);
    expect(unusedKeys(sources, english)).toEqual(['shop:cart.stale']);
  });
});
