import type { LanguageCode } from '@cuspid/contracts';
import { DEFAULT_LANGUAGE } from '@cuspid/contracts';
import {
  CONTENT_MESSAGES,
  type DataPrivacyAnswer,
  type FaqAnswer,
  type GlobalConfiguration,
  type GlobalConfigurationInput,
  type LanguageContent,
} from '@cuspid/contracts/content';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { richTextIsEmpty, sanitizeRichText } from '../../lib/rich-text';
import { shownLanguage } from './content.policy';
import * as repo from './content.repository';
import { DEFAULT_HELP_CONTENT } from './content.seed';

type ContentMap = GlobalConfiguration['content'];

function toConfiguration(rows: repo.HelpContentRow[]): GlobalConfiguration {
  const content: ContentMap = {};
  let updated: Date | null = null;
  for (const row of rows) {
    content[row.language as LanguageCode] = { faq: row.faq, data_privacy: row.dataPrivacy };
    if (!updated || row.updatedAt > updated) updated = row.updatedAt;
  }
  return { content, updated_at: updated ? updated.toISOString() : null };
}

/** GET /get-global-configuration: the help content of every language. */
export async function getGlobalConfiguration(deps: Deps): Promise<GlobalConfiguration> {
  return toConfiguration(await repo.listHelpContents(deps.db));
}

/** A privacy text as stored: sanitised; one that shows no text once sanitised is none (''). */
function storedPrivacy(html: string): string {
  const clean = sanitizeRichText(html);
  return richTextIsEmpty(clean) ? '' : clean;
}

/**
 * POST /save-global-configuration: replaces the help content with the one given (the privacy texts
 * sanitised); languages left out are removed. English must have a FAQ or a privacy text: it is the fallback.
 */
export async function saveGlobalConfiguration(
  deps: Deps,
  actor: Actor,
  body: GlobalConfigurationInput,
): Promise<GlobalConfiguration> {
  const rows = Object.entries(body.content).map(([language, value]) => ({
    language,
    faq: (value as LanguageContent).faq,
    dataPrivacy: storedPrivacy((value as LanguageContent).data_privacy),
  }));
  const english = rows.find((r) => r.language === DEFAULT_LANGUAGE);
  if (!english || (!english.faq.length && !english.dataPrivacy))
    throw new AppError('VALIDATION_FAILED', {
      message: CONTENT_MESSAGES.englishRequired,
      errors: { [`content.${DEFAULT_LANGUAGE}`]: [CONTENT_MESSAGES.englishRequired] },
    });
  return deps.db.transaction(async (tx) => {
    const before = toConfiguration(await repo.listHelpContents(tx));
    await repo.replaceHelpContents(tx, rows, actor.userId);
    const after = toConfiguration(await repo.listHelpContents(tx));
    await recordAudit(tx, actor, {
      entity: 'global-configuration',
      entityId: 'help-content',
      action: 'update',
      before: before.content,
      after: after.content,
    });
    return after;
  });
}

async function contentFor(deps: Deps, asked: LanguageCode, has: (row: repo.HelpContentRow) => boolean) {
  const rows = await repo.findHelpContents(deps.db, [...new Set([asked, DEFAULT_LANGUAGE])]);
  const usable = new Map(rows.filter(has).map((row) => [row.language, row]));
  const language = shownLanguage(asked, (code) => usable.has(code));
  return { language, row: usable.get(language) };
}

/** GET /content/faq: the FAQ in the asked language, or the English one where it has none. */
export async function getFaq(deps: Deps, asked: LanguageCode): Promise<FaqAnswer> {
  const { language, row } = await contentFor(deps, asked, (r) => r.faq.length > 0);
  return { language, entries: row?.faq ?? [] };
}

/** GET /content/data-privacy: the data-privacy text in the asked language, or the English one where it has none. */
export async function getDataPrivacy(deps: Deps, asked: LanguageCode): Promise<DataPrivacyAnswer> {
  const { language, row } = await contentFor(deps, asked, (r) => r.dataPrivacy !== '');
  return { language, html: row?.dataPrivacy ?? '', updated_at: row ? row.updatedAt.toISOString() : null };
}

/** The default help content (en, de, fr) for an install that has none yet; reference data, run on every start. */
export async function seedHelpContent(db: DbOrTx) {
  if (await repo.hasHelpContents(db)) return;
  await repo.insertHelpContents(
    db,
    Object.entries(DEFAULT_HELP_CONTENT).map(([language, value]) => ({
      language,
      faq: value.faq,
      dataPrivacy: sanitizeRichText(value.dataPrivacy),
    })),
  );
}
