/**
 * Every dictionary, read eagerly for the dictionary tests, by language then namespace: the app-wide ones
 * (`locales/<lang>/<namespace>.json`), each feature's (`features/<namespace>/locales/<lang>.json`), and each
 * feature's error texts and menu labels (`features/<feature>/locales/{errors,nav}/<lang>.json`), merged into
 * `errors` and `nav` as `lib/i18n.ts` merges them. The same places `lib/i18n.ts` loads from, so a new feature's dictionary is checked without
 * editing any list.
 */
type Tree = Record<string, unknown>;

const appWide = import.meta.glob<Tree>('./*/*.json', { base: '../locales', eager: true, import: 'default' });
const perFeature = import.meta.glob<Tree>('./*/locales/*.json', {
  base: '../features',
  eager: true,
  import: 'default',
});

const perFeatureMerged = import.meta.glob<Tree>('./*/locales/{errors,nav}/*.json', {
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
  for (const [file, texts] of Object.entries(perFeatureMerged)) {
    const [, feature = '', namespace = '', language = ''] =
      /^\.\/([^/]+)\/locales\/(errors|nav)\/([^/]+)\.json$/.exec(file) ?? [];
    all[language] ??= {};
    all[language][namespace] ??= {};
    const merged = all[language][namespace];
    for (const [key, text] of Object.entries(texts)) {
      if (key in merged) throw new Error(`Two texts for ${language}:${namespace}:${key} (one in features/${feature})`);
      merged[key] = text;
    }
  }
  return all;
}

export const DICTIONARIES = byLanguage();
