import { type Actor, isAdmin } from '../../lib/actor';

/**
 * Answers carry an invitation link only to an administrator and only while no SMTP server is configured:
 * the mail then reaches nobody, and the administrator hands the link over. With SMTP the mail is the one
 * channel; nobody else ever reads a usable account link (ADR 0034, docs/security.md).
 */
export const mayReceiveInvitationLink = (actor: Actor, smtpConfigured: boolean) => !smtpConfigured && isAdmin(actor);
