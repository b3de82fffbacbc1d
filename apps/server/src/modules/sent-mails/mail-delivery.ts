import type { Deps } from '../../deps';
import {
  findTemplate,
  holdsSecrets,
  MailTemplateError,
  pickContent,
  renderMail,
  withPlaceholders,
} from '../mail-templates';
import { mailTransportFor, messageIdFor } from './mail-transport';
import * as repo from './sent-mails.repository';

type Rendered = { subject: string; html: string; text: string };

/** Retries pg-boss makes (with exponential backoff) after a failed first attempt. */
export const MAIL_RETRY_LIMIT = 5;
const MAX_ATTEMPTS = MAIL_RETRY_LIMIT + 1;
/** A delivery attempt older than this that never finished is considered dead (see abandonStaleOutbox). */
const STALE_AFTER_MS = 10 * 60_000;

/** Thrown so pg-boss retries the job with backoff; the outbox row already holds the error. */
export class MailRetryError extends Error {
  override name = 'MailRetryError';
}

/**
 * Delivers one outbox mail at most once. The row is claimed atomically (queued/failed → sending),
 * rendered, handed to SMTP (or kept for the viewer), then marked sent. A job run for a row that is
 * sent, or held by another attempt, does nothing. An SMTP error puts the row back (queued while
 * retries remain, failed after the last) and makes pg-boss retry.
 */
export async function deliverMail(deps: Deps, outboxId: string): Promise<void> {
  const { db, logger, config } = deps;
  const row = await repo.claimOutbox(db, outboxId);
  if (!row) {
    if (await repo.abandonStaleOutbox(db, outboxId, new Date(Date.now() - STALE_AFTER_MS))) {
      logger.warn({ outboxId }, 'mail delivery was interrupted earlier; marked failed, not re-sent');
    }
    return;
  }

  // An account link (ADR 0034) stays in the outbox only while it may still be needed: once SMTP took the
  // mail, or delivery gave up, it is wiped. Kept (shown to administrators only) while the viewer is the
  // only channel.
  const wipeSecrets = () => (holdsSecrets(row) ? { variables: withPlaceholders(row.event, row.variables) } : {});
  // What is stored for viewing is rendered with placeholders for account links (mail-secrets.ts); the
  // copy handed to SMTP, and only that, with the real values.
  const placeholders = withPlaceholders(row.event, row.variables);
  let shown: Rendered;
  let sent: Rendered;
  try {
    const template = row.templateId ? await findTemplate(db, row.templateId) : undefined;
    if (!template) throw new MailTemplateError('body', 'The template of this mail no longer exists');
    const { content } = pickContent(template.contents, row.language);
    shown = await renderMail(content, placeholders);
    sent = holdsSecrets(row)
      ? await renderMail(content, row.variables).catch(() => {
          // The placeholder rendered; a message about the real value could quote it.
          throw new MailTemplateError('body', 'The mail cannot be rendered with its account link');
        })
      : shown;
  } catch (error) {
    // A template that cannot render will not render on a retry either: fail for good.
    await repo.finishOutbox(db, row.id, {
      status: 'failed',
      lastError: (error as Error).message.slice(0, 1000),
      ...wipeSecrets(),
    });
    logger.warn({ outboxId, err: error }, 'mail could not be rendered');
    return;
  }

  const transport = mailTransportFor(config);
  const messageId = messageIdFor(row.id, config.mailFrom);
  // Store what is being sent first: the viewer shows it even if the attempt fails.
  await repo.finishOutboxContent(db, row.id, shown);
  try {
    const accepted = await transport.send({ to: row.to, messageId, ...sent, attachments: row.attachments });
    await repo.finishOutbox(db, row.id, {
      status: 'sent',
      transport: transport.kind,
      messageId: accepted,
      sentAt: new Date(),
      lastError: null,
      ...(transport.kind === 'smtp' ? wipeSecrets() : {}),
    });
  } catch (error) {
    const final = row.attempts >= MAX_ATTEMPTS;
    await repo.finishOutbox(db, row.id, {
      status: final ? 'failed' : 'queued',
      lastError: (error as Error).message.slice(0, 1000),
      ...(final ? wipeSecrets() : {}),
    });
    logger.warn({ outboxId, attempt: row.attempts, err: error }, 'mail delivery failed');
    if (!final) throw new MailRetryError(`Delivery attempt ${row.attempts} failed: ${(error as Error).message}`);
  }
}
