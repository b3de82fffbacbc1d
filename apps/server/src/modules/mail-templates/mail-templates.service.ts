import type {
  MailPreviewBody,
  MailRendered,
  MailTemplate,
  MailTemplateContent,
  MailTemplateCreate,
  MailTemplateListQuery,
  MailTemplateUpdate,
} from '@cuspid/contracts/mail';
import { mailPreviewSchema } from '@cuspid/contracts/mail';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { mailSchemasOf } from '../../lib/declarations';
import { AppError } from '../../lib/errors';
import { checkTemplateSyntax, MailTemplateError, renderMail } from './mail-render';
import { assertMayChangeLinkMails, mayChangeLinkMails } from './mail-templates.policy';
import * as repo from './mail-templates.repository';

export function toMailTemplate(row: repo.MailTemplateRow): MailTemplate {
  return {
    id: row.id,
    name: row.name,
    event: row.event as MailTemplate['event'],
    contents: row.contents,
    variables: row.variables,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every language version must parse; the error names the field (contents.de.body). */
function assertTemplatesParse(contents: Record<string, MailTemplateContent | undefined>) {
  const errors: Record<string, string[]> = {};
  for (const [language, content] of Object.entries(contents)) {
    if (!content) continue;
    for (const [part, problem] of Object.entries(checkTemplateSyntax(content))) {
      errors[`contents.${language}.${part}`] = [`The template cannot be read: ${problem}`];
    }
  }
  if (Object.keys(errors).length) {
    throw new AppError('VALIDATION_FAILED', { message: 'The template cannot be read', errors });
  }
}

/**
 * The template of a mail that carries an account link decides where the link goes (an image or a link to
 * another host would hand it over when the mail is opened): only administrators change such a template,
 * i.e. one written for such an event or assigned to one, or make a template one.
 */
async function assertMayChangeTemplate(
  tx: DbOrTx,
  actor: Actor,
  current: repo.MailTemplateRow | undefined,
  nextEvent?: string | null,
) {
  if (mayChangeLinkMails(actor)) return;
  const assigned = current ? await repo.eventsAssignedTo(tx, current.id) : [];
  assertMayChangeLinkMails(actor, [nextEvent, current?.event, ...assigned]);
}

const presentContents = (contents: Record<string, MailTemplateContent | undefined>) =>
  Object.fromEntries(Object.entries(contents).filter((e): e is [string, MailTemplateContent] => !!e[1]));

export async function listTemplates(deps: Deps, query: MailTemplateListQuery) {
  const q = mailSchemasOf(deps.declared).templateListQuery.parse(query);
  const result = await repo.listTemplates(deps.db, {
    offset: q.limit_start,
    limit: q.limit_count,
    ...(q.search ? { search: q.search } : {}),
    ...(q.event ? { event: q.event } : {}),
  });
  return { data: result.data.map(toMailTemplate), count: result.count };
}

export async function getTemplate(deps: Deps, id: string): Promise<MailTemplate> {
  const row = await repo.findTemplate(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toMailTemplate(row);
}

export async function createTemplate(deps: Deps, actor: Actor, body: MailTemplateCreate): Promise<MailTemplate> {
  const input = mailSchemasOf(deps.declared).templateCreate.parse(body);
  assertTemplatesParse(input.contents);
  return deps.db.transaction(async (tx) => {
    await assertMayChangeTemplate(tx, actor, undefined, input.event);
    const row = await repo.insertTemplate(tx, {
      name: input.name,
      event: input.event,
      contents: presentContents(input.contents),
      variables: input.variables,
    });
    const after = toMailTemplate(row);
    await recordAudit(tx, actor, { entity: 'mail-template', entityId: row.id, action: 'create', after });
    return after;
  });
}

export async function updateTemplate(deps: Deps, actor: Actor, body: MailTemplateUpdate): Promise<MailTemplate> {
  const input = mailSchemasOf(deps.declared).templateCreate.parse(body);
  assertTemplatesParse(input.contents);
  return deps.db.transaction(async (tx) => {
    const current = await repo.findTemplate(tx, body.id);
    if (!current) throw new AppError('NOT_FOUND');
    await assertMayChangeTemplate(tx, actor, current, input.event);
    const row = await repo.updateTemplate(tx, body.id, {
      name: input.name,
      event: input.event,
      contents: presentContents(input.contents),
      variables: input.variables,
    });
    if (!row) throw new AppError('NOT_FOUND');
    const after = toMailTemplate(row);
    await recordAudit(tx, actor, {
      entity: 'mail-template',
      entityId: row.id,
      action: 'update',
      before: toMailTemplate(current),
      after,
    });
    return after;
  });
}

/** A template an event is assigned to cannot be deleted: that event would send nothing. */
export async function deleteTemplate(deps: Deps, actor: Actor, id: string) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findTemplate(tx, id);
    if (!current) throw new AppError('NOT_FOUND');
    await assertMayChangeTemplate(tx, actor, current);
    const events = await repo.eventsAssignedTo(tx, id);
    if (events.length) {
      throw new AppError('CONFLICT', {
        message: `The template is assigned to ${events.join(', ')}; assign another template first`,
      });
    }
    await repo.deleteTemplate(tx, id);
    await recordAudit(tx, actor, {
      entity: 'mail-template',
      entityId: id,
      action: 'delete',
      before: toMailTemplate(current),
    });
    return { message: 'The mail template was deleted' };
  });
}

/** Renders an unsaved subject and body with example values: the editor's live preview. */
export async function previewTemplate(body: MailPreviewBody): Promise<MailRendered> {
  const input = mailPreviewSchema.parse(body);
  try {
    return await renderMail(input.contents, input.variables);
  } catch (error) {
    if (error instanceof MailTemplateError) {
      throw new AppError('VALIDATION_FAILED', {
        message: `The template cannot be rendered: ${error.message}`,
        errors: { [`contents.${error.part}`]: [error.message] },
      });
    }
    throw error;
  }
}
