import { useTranslation } from 'react-i18next';

/**
 * What a feature names for the pages that list every area's: the mail events it sends (`<module>.<event>`) and
 * their module, the default names of its mail templates, and the kinds of record it writes to the audit trail.
 */
export type DeclaredLabels = {
  mailModules?: Record<string, string>;
  mailEvents?: Record<string, string>;
  mailTemplateNames?: Record<string, string>;
  auditKinds?: Record<string, string>;
};
export type DeclaredSection = keyof DeclaredLabels;

/**
 * Each feature names its own mail events, mail templates and audit kinds in its `labels/<language>.json`; this glob
 * gathers them for the pages that show them all (mail templates, sent mails, the audit log), so no feature's
 * dictionary names another area's.
 */
const featureLabels = import.meta.glob<DeclaredLabels>('./*/labels/*.json', {
  base: '../features',
  eager: true,
  import: 'default',
});

const byLanguage = new Map<string, Record<DeclaredSection, Record<string, string>>>();
for (const [path, labels] of Object.entries(featureLabels)) {
  const language = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
  const gathered = byLanguage.get(language) ?? {
    mailModules: {},
    mailEvents: {},
    mailTemplateNames: {},
    auditKinds: {},
  };
  for (const section of Object.keys(gathered) as DeclaredSection[]) Object.assign(gathered[section], labels[section]);
  byLanguage.set(language, gathered);
}

/** The keys the features declare in `section` (their English labels name each): mail events, modules, audit kinds. */
export const declaredKeys = (section: DeclaredSection): string[] => Object.keys(byLanguage.get('en')?.[section] ?? {});

/** The label of `key` in `language`, else in English, else the key itself. */
export const declaredLabel = (section: DeclaredSection, key: string, language: string | undefined): string =>
  byLanguage.get(language ?? 'en')?.[section][key] ?? byLanguage.get('en')?.[section][key] ?? key;

/** `declaredLabel` in the language the page is shown in. */
export function useDeclaredLabel() {
  const { i18n } = useTranslation();
  return (section: DeclaredSection, key: string) => declaredLabel(section, key, i18n.resolvedLanguage);
}

/** Each key of `section` in `language` with the features that declare it, for the test that one feature does. */
export function declaringFeatures(section: DeclaredSection, language: string): Record<string, string[]> {
  const owners: Record<string, string[]> = {};
  for (const [path, labels] of Object.entries(featureLabels)) {
    const [, feature = '', , file = ''] = path.split('/');
    if (file !== `${language}.json`) continue;
    for (const key of Object.keys(labels[section] ?? {})) owners[key] = [...(owners[key] ?? []), feature];
  }
  return owners;
}
