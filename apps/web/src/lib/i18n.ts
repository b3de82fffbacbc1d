import { DEFAULT_LANGUAGE, UI_LANGUAGES } from '@cuspid/contracts/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';
import validation from '../locales/en/validation.json';
import { STORAGE_KEYS } from './storage-keys';

export type UiLanguage = (typeof UI_LANGUAGES)[number];

// English labels of the login page ship with the entry chunk (English is every language's fallback). Every other
// dictionary, and the page namespaces (account, help), load on demand: a component that needs a namespace
// not loaded yet suspends until it is.
const BUNDLED = { common, auth, validation };
const CORE_NAMESPACES = Object.keys(BUNDLED);
/**
 * Loaded right after start, without holding up the first page: the error texts (one per server error code,
 * each feature adding its area's) are needed only once a call fails. Until they arrive, an error shows
 * the server's English message (`errorMessage` in lib/notify.ts).
 */
const EARLY_NAMESPACES = ['errors'];
type Dictionary = { default: Record<string, unknown> };
// App-wide namespaces live in locales/<lang>/<namespace>.json; a feature's namespace is the feature's name, its
// dictionaries features/<namespace>/locales/<lang>.json. Both are globbed: a new feature's dictionary needs no list.
const appLoaders = import.meta.glob<Dictionary>(['./*/*.json', '!./en/{common,auth,validation}.json'], {
  base: '../locales',
});
const featureLoaders = import.meta.glob<Dictionary>('./*/locales/*.json', { base: '../features' });
// Two namespaces are merged from every feature's part, each loaded without the features' whole dictionaries:
// `errors`, the app-wide texts of the general codes (locales/<lang>/errors.json) and each feature's texts of its
// area's codes (features/<feature>/locales/errors/<lang>.json), loaded early; and `nav`, each feature's menu labels
// (features/<feature>/locales/nav/<lang>.json), which the signed-in chrome waits for.
const mergedLoaders: Record<string, Record<string, () => Promise<Dictionary>>> = {
  errors: import.meta.glob<Dictionary>('./*/locales/errors/*.json', { base: '../features' }),
  nav: import.meta.glob<Dictionary>('./*/locales/nav/*.json', { base: '../features' }),
};

/** A dictionary's texts; a namespace the language lacks (es and tu are partial) has none, and English fills in. */
async function loadDictionary(language: string, namespace: string): Promise<Record<string, unknown>> {
  const featureParts = mergedLoaders[namespace];
  if (featureParts) {
    const parts = Object.entries(featureParts)
      .filter(([file]) => file.endsWith(`/${namespace}/${language}.json`))
      .map(([, load]) => load);
    const loaded = await Promise.all([appLoaders[`./${language}/${namespace}.json`], ...parts].map((load) => load?.()));
    return Object.assign({}, ...loaded.map((module) => module?.default));
  }
  const load =
    appLoaders[`./${language}/${namespace}.json`] ?? featureLoaders[`./${namespace}/locales/${language}.json`];
  return load ? (await load()).default : {};
}

const lazyDictionaries: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    if (language === 'en' && namespace in BUNDLED) return callback(null, BUNDLED[namespace as keyof typeof BUNDLED]);
    loadDictionary(language, namespace).then(
      (dictionary) => callback(null, dictionary),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export const i18n = i18next.createInstance();

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): UiLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    if (isUiLanguage(stored)) return stored;
  } catch {
    // localStorage may be unavailable (private mode): use the default
  }
  return DEFAULT_LANGUAGE as UiLanguage;
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Initialises i18next with the remembered language; resolves when its dictionary is loaded. */
export async function initI18n(language: UiLanguage = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyDictionaries)
      .use(initReactI18next)
      .init({
        resources: { en: BUNDLED },
        partialBundledLanguages: true,
        lng: 'en',
        fallbackLng: 'en',
        supportedLngs: [...UI_LANGUAGES],
        ns: CORE_NAMESPACES,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: true },
      });
    i18n.on('languageChanged', applyDocumentLanguage);
  }
  await setLanguage(language, { remember: false });
  void loadEarlyNamespaces();
  return i18n;
}

/** Loads the namespaces every page may need soon (the error texts); `changeLanguage` keeps them loaded after. */
export function loadEarlyNamespaces(): Promise<void> {
  return i18n.loadNamespaces(EARLY_NAMESPACES).catch((error: unknown) => {
    console.error('Could not load the error texts', error);
  });
}

/** Switches every label without a reload, remembers the choice and updates `<html lang>`. */
export async function setLanguage(language: UiLanguage, { remember = true } = {}): Promise<void> {
  // changeLanguage loads every namespace in use for the new language before it switches.
  await i18n.changeLanguage(language).catch((error: unknown) => {
    console.error(`Could not load the ${language} dictionary`, error);
  });
  applyDocumentLanguage(language);
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEYS.language, language);
    } catch {
      // not remembered, still applied
    }
  }
}

export function currentLanguage(): UiLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isUiLanguage(language) ? language : (DEFAULT_LANGUAGE as UiLanguage);
}
