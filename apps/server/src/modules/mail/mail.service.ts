import type {
  MailPreviewBody,
  MailRendered,
  MailTemplate,
  MailTemplateContent,
  MailTemplateCreate,
  MailTemplateListQuery,
  MailTemplateUpdate,
  SendMailBody,
  SentMail,
  SentMailListQuery,
} from '@cuspid/contracts/mail';
import {
  mailPreviewSchema,
  mailTemplateCreateSchema,
  mailTemplateListQuerySchema,
  sendMailBodySchema,
  sentMailListQuerySchema,
} from '@cuspid/contracts/mail';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, isAdmin } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { companyScope } from '../../lib/company-scope';
import { AppError } from '../../lib/errors';
import { assertMayChangeLinkMails } from './mail.policy';
import * as repo from './mail.repository';
import { checkTemplateSyntax, MailTemplateError, renderMail } from './mail-render';
import { concealSecrets, HIDDEN_LINK, revealSecrets, secretVariablesOf } from './mail-secrets';
import { sendMail } from './send-mail';

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

/** A mail as the viewer shows it; account links (credentials) only to administrators (ADR 0034). */
export function toSentMail(stored: repo.OutboxRow, actor: Actor): SentMail {
  const row = isAdmin(actor) ? revealSecrets(stored) : concealSecrets(stored);
  return {
    id: row.id,
    event: row.event,
    template_id: row.templateId,
    company_id: row.companyId,
    to: row.to,
    language: row.language,
    status: row.status,
    transport: row.transport,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attempts: row.attempts,
    last_error: row.lastError,
    message_id: row.messageId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
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
  if (isAdmin(actor)) return;
  const assigned = current ? await repo.eventsAssignedTo(tx, current.id) : [];
  assertMayChangeLinkMails(actor, [nextEvent, current?.event, ...assigned]);
}

const presentContents = (contents: Record<string, MailTemplateContent | undefined>) =>
  Object.fromEntries(Object.entries(contents).filter((e): e is [string, MailTemplateContent] => !!e[1]));

export async function listTemplates(deps: Deps, query: MailTemplateListQuery) {
  const q = mailTemplateListQuerySchema.parse(query);
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
  const input = mailTemplateCreateSchema.parse(body);
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
  const input = mailTemplateCreateSchema.parse(body);
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

/**
 * Sends a template (or an event's template) to one address through the outbox. The variables of account
 * links are never the caller's: such a test mail shows `[link hidden]` where the link goes, so the
 * product's own invitation or reset mail cannot be sent with a link of someone else's choosing.
 */
export async function sendMailCall(deps: Deps, actor: Actor, body: SendMailBody) {
  const input = sendMailBodySchema.parse(body);
  const template = input.template_id ? await repo.findTemplate(deps.db, input.template_id) : undefined;
  if (input.template_id && !template) throw new AppError('NOT_FOUND');
  const event = input.event ?? template?.event ?? null;
  // Also the links of the events the chosen template is assigned to: it is their mail's text.
  const events = [event, ...(template ? await repo.eventsAssignedTo(deps.db, template.id) : [])];
  const hidden = Object.fromEntries(events.flatMap(secretVariablesOf).map((name) => [name, HIDDEN_LINK]));
  const row = await deps.db.transaction((tx) =>
    sendMail(deps, tx, {
      ...(input.event ? { event: input.event } : {}),
      ...(input.template_id ? { templateId: input.template_id } : {}),
      to: input.to,
      language: input.language,
      variables: { ...input.variables, ...hidden },
      companyId: actor.companyId,
    }),
  );
  return { message: 'The mail was queued', id: row.id, status: row.status };
}

export async function listSentMails(deps: Deps, actor: Actor, query: SentMailListQuery) {
  const q = sentMailListQuerySchema.parse(query);
  const scope = companyScope(actor, mailOutbox.companyId);
  const result = await repo.listOutbox(deps.db, {
    offset: q.limit_start,
    limit: q.limit_count,
    ...(q.search ? { search: q.search } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(scope ? { scope } : {}),
  });
  return { data: result.data.map((row) => toSentMail(row, actor)), count: result.count };
}

export async function getSentMail(deps: Deps, actor: Actor, id: string): Promise<SentMail> {
  const row = await repo.findOutbox(deps.db, id, companyScope(actor, mailOutbox.companyId));
  if (!row) throw new AppError('NOT_FOUND');
  return toSentMail(row, actor);
}
