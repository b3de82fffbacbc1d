import { DEFAULT_LANGUAGE, type LanguageCode } from '@cuspid/contracts';

// Who may edit the help content is the routes' permission (backoffice-global-configuration); every signed-in
// user reads it. The rule here is which language a reader is shown.

/**
 * The language whose content a reader sees: the asked one where it has some (`has`), else English, the
 * fallback every install has (the save call refuses content without it).
 */
export function shownLanguage(asked: LanguageCode, has: (language: LanguageCode) => boolean): LanguageCode {
  return has(asked) ? asked : DEFAULT_LANGUAGE;
}
