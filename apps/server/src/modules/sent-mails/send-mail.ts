import type { LanguageCode } from '@cuspid/contracts';
import type { MailEvent } from '@cuspid/contracts/mail';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { findTemplate, findTemplateForEvent } from '../mail-templates';
import { deliverMailJob } from './sent-mails.jobs';
import * as repo from './sent-mails.repository';
import type { StoredMailAttachment } from './sent-mails.schema';

export type SendMailInput = {
  /** The product event; the template comes from its assignment (or the event's default template). */
  event?: MailEvent;
  /** A template chosen directly (the /send-mail call); wins over the event's assignment. */
  templateId?: string;
  to: string;
  language: LanguageCode | string;
  variables: Record<string, string | number | boolean | null>;
  /** The company the mail concerns: company users see their company's mails in the viewer. */
  companyId?: string | null;
  /** Files sent with the mail (content base64-encoded); kept in the outbox row until delivery, so keep them small. */
  attachments?: StoredMailAttachment[];
};

/**
 * THE way the product sends a mail. Call it with the transaction of the change that causes the
 * mail: the outbox row and its delivery job are written in that transaction, so a rolled-back
 * change sends nothing and a committed one always sends. Rendering and SMTP happen in the job.
 * When no template can be found the row is kept as failed (visible in the viewer), and the
 * causing change still goes through.
 */
export async function sendMail(deps: Pick<Deps, 'jobs'>, tx: DbOrTx, input: SendMailInput): Promise<repo.OutboxRow> {
  const template = input.templateId
    ? await findTemplate(tx, input.templateId)
    : input.event
      ? await findTemplateForEvent(tx, input.event)
      : undefined;
  const base = {
    event: input.event ?? template?.event ?? null,
    templateId: template?.id ?? null,
    companyId: input.companyId ?? null,
    to: input.to,
    language: input.language,
    variables: input.variables,
    attachments: input.attachments ?? [],
  };
  if (!template) {
    return repo.insertOutbox(tx, {
      ...base,
      status: 'failed',
      lastError: `No mail template is assigned to ${input.event ?? 'this mail'}`,
    });
  }
  const row = await repo.insertOutbox(tx, { ...base, status: 'queued' });
  await deps.jobs.enqueue(deliverMailJob, { outboxId: row.id }, { tx });
  return row;
}
