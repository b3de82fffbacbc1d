import { type Actor, isAdmin } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { carriesSecrets } from './mail-secrets';

/** Administrators change every template, those of link mails included (nothing to look up for them). */
export const mayChangeLinkMails = (actor: Actor) => isAdmin(actor);

/**
 * The template of a mail that carries an account link (invitation, password reset) decides where the
 * link goes, so only administrators change such a template or the template such an event uses (ADR 0034).
 * `events`: the events the change touches (the template's own, those it is assigned to, the ones re-assigned).
 */
export function assertMayChangeLinkMails(actor: Actor, events: readonly (string | null | undefined)[]) {
  if (mayChangeLinkMails(actor)) return;
  if (events.some(carriesSecrets)) throw new AppError('MAIL_LINK_TEMPLATE_ADMIN_ONLY');
}
