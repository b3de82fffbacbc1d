import { z } from 'zod';
import { languageCodeSchema } from './auth';
import { DEFAULT_LANGUAGE } from './i18n';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { textSchema } from './validation';

/**
 * The help content of the global configuration (spec sections 2 and 7; ADR 0111): per language, the FAQ
 * (questions with plain-text answers) and the data-privacy text (rich text, sanitised on the server). Staff
 * edit it with GET /get-global-configuration and POST /save-global-configuration
 * (backoffice-global-configuration); every signed-in user reads it in a language, falling back to en.
 */
export const GLOBAL_CONFIGURATION_PERMISSION = 'backoffice-global-configuration' as const satisfies PermissionTitle;

export const FAQ_MAX_ENTRIES = 100;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 5000;
export const DATA_PRIVACY_MAX = 200_000;

export const CONTENT_MESSAGES = {
  question: 'Enter the question',
  answer: 'Enter the answer',
  englishRequired: 'The English content is required: it is shown where a language has none',
} as const;

export const faqEntrySchema = z.object({
  question: textSchema(FAQ_QUESTION_MAX, { required: CONTENT_MESSAGES.question }),
  /** Plain text; line breaks are kept. */
  answer: textSchema(FAQ_ANSWER_MAX, { required: CONTENT_MESSAGES.answer }),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const languageContentSchema = z.object({
  faq: z.array(faqEntrySchema).max(FAQ_MAX_ENTRIES),
  /** Rich text (HTML); empty: none in this language (the English text is shown). */
  data_privacy: textSchema(DATA_PRIVACY_MAX),
});
export type LanguageContent = z.infer<typeof languageContentSchema>;

/** POST /save-global-configuration: the content of every language kept; a language left out is removed. */
export const globalConfigurationInputSchema = z.object({
  content: z
    .partialRecord(languageCodeSchema, languageContentSchema)
    .refine((content) => content[DEFAULT_LANGUAGE] !== undefined, {
      message: CONTENT_MESSAGES.englishRequired,
      path: [DEFAULT_LANGUAGE],
    }),
});
export type GlobalConfigurationInput = z.infer<typeof globalConfigurationInputSchema>;

export const globalConfigurationSchema = z.object({
  content: z.partialRecord(languageCodeSchema, languageContentSchema),
  /** The last save; null before any. */
  updated_at: z.iso.datetime().nullable(),
});
export type GlobalConfiguration = z.infer<typeof globalConfigurationSchema>;

/** The reading calls: `language` (default: the request's Accept-Language, else en). */
export const contentQuerySchema = z.object({ language: languageCodeSchema.optional() });
export type ContentQuery = z.infer<typeof contentQuerySchema>;

export const faqAnswerSchema = z.object({
  /** The language shown: the asked one, or en where it has no FAQ. */
  language: languageCodeSchema,
  entries: z.array(faqEntrySchema),
});
export type FaqAnswer = z.infer<typeof faqAnswerSchema>;

export const dataPrivacyAnswerSchema = z.object({
  language: languageCodeSchema,
  /** Sanitised HTML. */
  html: z.string(),
  updated_at: z.iso.datetime().nullable(),
});
export type DataPrivacyAnswer = z.infer<typeof dataPrivacyAnswerSchema>;

/** Main backend paths of the help content (relative to the api service). */
export const CONTENT_ROUTES = {
  getGlobalConfiguration: '/get-global-configuration',
  saveGlobalConfiguration: '/save-global-configuration',
  faq: '/content/faq',
  dataPrivacy: '/content/data-privacy',
} as const;

/** The content area: global configuration and settings: its entries of the permission catalogue. */
export const CONTENT_PERMISSION_CATALOGUE = [
  backofficePermission('global-configuration', 'configuration'),
  backofficePermission('settings', 'configuration'),
] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof CONTENT_PERMISSION_CATALOGUE> {}
}
