import type { SendMailBody, SentMail, SentMailListQuery } from '@cuspid/contracts/mail';
import { sentMailListQuerySchema } from '@cuspid/contracts/mail';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { mailSchemasOf } from '../../lib/declarations';
import { AppError } from '../../lib/errors';
import {
  concealSecrets,
  eventsAssignedTo,
  findTemplate,
  HIDDEN_LINK,
  revealSecrets,
  secretVariablesOf,
} from '../mail-templates';
import { sendMail } from './send-mail';
import { mayReadAccountLinks } from './sent-mails.policy';
import * as repo from './sent-mails.repository';
import { mailOutbox } from './sent-mails.schema';

/** A mail as the viewer shows it; account links (credentials) only to administrators (ADR 0034). */
export function toSentMail(stored: repo.OutboxRow, actor: Actor): SentMail {
  const row = mayReadAccountLinks(actor) ? revealSecrets(stored) : concealSecrets(stored);
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

/**
 * Sends a template (or an event's template) to one address through the outbox. The variables of account
 * links are never the caller's: such a test mail shows `[link hidden]` where the link goes, so the
 * product's own invitation or reset mail cannot be sent with a link of someone else's choosing.
 */
export async function sendMailCall(deps: Deps, actor: Actor, body: SendMailBody) {
  const input = mailSchemasOf(deps.declared).sendMailBody.parse(body);
  const template = input.template_id ? await findTemplate(deps.db, input.template_id) : undefined;
  if (input.template_id && !template) throw new AppError('NOT_FOUND');
  const event = input.event ?? template?.event ?? null;
  // Also the links of the events the chosen template is assigned to: it is their mail's text.
  const events = [event, ...(template ? await eventsAssignedTo(deps.db, template.id) : [])];
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
