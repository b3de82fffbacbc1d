/** Spec section 9: the allowed language codes; en is the default. */
export const LANGUAGE_CODES = ['en', 'de', 'fr', 'es', 'ja', 'ar', 'tu', 'ch', 'pt'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** Languages with full dictionaries (en, de, fr) and the partial ones (es, tu). */
export const UI_LANGUAGES = ['en', 'de', 'fr', 'es', 'tu'] as const satisfies readonly LanguageCode[];
export const FULL_LANGUAGES = ['en', 'de', 'fr'] as const satisfies readonly LanguageCode[];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export const DEFAULT_CURRENCY = 'EUR';
export const PERMISSION_FETCH_LIMIT = 1500;
