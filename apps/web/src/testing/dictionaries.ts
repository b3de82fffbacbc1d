/**
 * Every dictionary, read eagerly for the dictionary tests, by language then namespace: the app-wide ones
 * (`locales/<lang>/<namespace>.json`) and each feature's (`features/<namespace>/locales/<lang>.json`). The same
 * two places `lib/i18n.ts` loads from, so a new feature's dictionary is checked without editing any list.
 */
type Tree = Record<string, unknown>;

const appWide = import.meta.glob<Tree>('./*/*.json', { base: '../locales', eager: true, import: 'default' });
const perFeature = import.meta.glob<Tree>('./*/locales/*.json', {
  base: '../features',
  eager: true,
  import: 'default',
});

function byLanguage(): Record<string, Record<string, Tree>> {
  const all: Record<string, Record<string, Tree>> = {};
  const add = (language: string, namespace: string, tree: Tree) => {
    all[language] ??= {};
    if (all[language][namespace]) throw new Error(`Two dictionaries for ${language}:${namespace}`);
    all[language][namespace] = tree;
  };
  for (const [file, tree] of Object.entries(appWide)) {
    const [, language = '', namespace = ''] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    add(language, namespace, tree);
  }
  for (const [file, tree] of Object.entries(perFeature)) {
    const [, namespace = '', language = ''] = /^\.\/([^/]+)\/locales\/([^/]+)\.json$/.exec(file) ?? [];
    add(language, namespace, tree);
  }
  return all;
}

export const DICTIONARIES = byLanguage();
