import type { Deps } from '../../deps';
import * as repo from './mail.repository';
import { MailTemplateError, pickContent, renderMail } from './mail-render';
import { hasSecrets, hideSecrets } from './mail-secrets';
import { mailTransportFor, messageIdFor } from './mail-transport';

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

  let rendered: { subject: string; html: string; text: string };
  try {
    const template = row.templateId ? await repo.findTemplate(db, row.templateId) : undefined;
    if (!template) throw new MailTemplateError('body', 'The template of this mail no longer exists');
    rendered = await renderMail(pickContent(template.contents, row.language).content, row.variables);
  } catch (error) {
    // A template that cannot render will not render on a retry either: fail for good.
    await repo.finishOutbox(db, row.id, { status: 'failed', lastError: (error as Error).message.slice(0, 1000) });
    logger.warn({ outboxId, err: error }, 'mail could not be rendered');
    return;
  }

  const transport = mailTransportFor(config);
  const messageId = messageIdFor(row.id, config.mailFrom);
  // Store what is being sent first: the viewer shows it even if the attempt fails.
  await repo.finishOutboxContent(db, row.id, rendered);
  // An account link (ADR 0034) stays in the outbox only while it may still be needed: once SMTP took the
  // mail, or delivery gave up, it is wiped. Kept for the viewer when the viewer is the only channel.
  const wipeSecrets = () => {
    if (!hasSecrets(row)) return {};
    const hidden = hideSecrets({ ...row, ...rendered });
    return { subject: hidden.subject, html: hidden.html, text: hidden.text, variables: hidden.variables };
  };
  try {
    const accepted = await transport.send({ to: row.to, messageId, ...rendered });
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
