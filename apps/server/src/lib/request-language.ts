import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@cuspid/contracts';

/**
 * The language a reading call answers in: the one it names, else the first portal language of its
 * Accept-Language header (the web sends the interface's language with every call, spec section 7), else en.
 */
export function requestLanguage(asked: LanguageCode | undefined, acceptLanguage: string | undefined): LanguageCode {
  if (asked) return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (isLanguageCode(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
