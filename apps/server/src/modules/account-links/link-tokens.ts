import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { randomSecret, sha256 } from '../../lib/ids';
import { sendMail } from '../sent-mails';
import { findCompanyName, type UserRow } from '../sessions';
import { mayReceiveInvitationLink } from './account-links.policy';
import * as repo from './account-links.repository';

/**
 * Mailed account links (ADR 0034): an invitation for a user created without a password, and a
 * password reset. The link carries a random secret; the database keeps its SHA-256 only. A link is used
 * once, expires, and a newer link of the same purpose revokes the older ones.
 */

const PAGES: Record<repo.AccountLinkPurpose, string> = {
  invitation: 'accept-invitation',
  'password-reset': 'reset-password',
};

/** The web page a link opens: `<PUBLIC_URL>/accept-invitation?token=…` or `/reset-password?token=…`. */
export const accountLinkUrl = (deps: Pick<Deps, 'config'>, purpose: repo.AccountLinkPurpose, token: string) =>
  `${deps.config.publicUrl}/${PAGES[purpose]}?token=${encodeURIComponent(token)}`;

/** The invitation link for the answer, when the actor may receive it (see `mayReceiveInvitationLink`). */
export const linkForAdministrator = (deps: Pick<Deps, 'config'>, actor: Actor, url: string) =>
  mayReceiveInvitationLink(actor, Boolean(deps.config.smtp)) ? { invitation_url: url } : {};

function lifetimeMs(deps: Pick<Deps, 'config'>, purpose: repo.AccountLinkPurpose) {
  const { invitationTtlDays, passwordResetTtlMinutes } = deps.config.accountLinks;
  return purpose === 'invitation' ? invitationTtlDays * 86_400_000 : passwordResetTtlMinutes * 60_000;
}

/** A new link's secret; earlier live links of the same purpose stop working. Call inside the causing transaction. */
export async function issueAccountToken(
  deps: Pick<Deps, 'config'>,
  tx: DbOrTx,
  userId: string,
  purpose: repo.AccountLinkPurpose,
): Promise<string> {
  await repo.revokeAccountTokens(tx, userId, purpose);
  const token = randomSecret();
  await repo.insertAccountToken(tx, {
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + lifetimeMs(deps, purpose)),
  });
  return token;
}

/** Writes a new invitation link and its mail in the caller's transaction; answers the link. */
export async function sendInvitationMail(deps: Deps, tx: DbOrTx, user: UserRow): Promise<string> {
  const url = accountLinkUrl(deps, 'invitation', await issueAccountToken(deps, tx, user.id, 'invitation'));
  await sendMail(deps, tx, {
    event: 'user.invitation',
    to: user.mail,
    language: user.contactLanguage,
    variables: {
      first_name: user.firstName ?? '',
      company_name: await findCompanyName(tx, user.companyId),
      set_password_url: url,
    },
    companyId: user.companyId,
  });
  return url;
}

/** Writes a new password-reset link and its mail in the caller's transaction. */
export async function sendPasswordResetMail(deps: Deps, tx: DbOrTx, user: UserRow): Promise<void> {
  const url = accountLinkUrl(deps, 'password-reset', await issueAccountToken(deps, tx, user.id, 'password-reset'));
  await sendMail(deps, tx, {
    event: 'user.password-reset',
    to: user.mail,
    language: user.contactLanguage,
    variables: { first_name: user.firstName ?? '', reset_url: url },
    companyId: user.companyId,
  });
}

const ASK_AGAIN: Record<repo.AccountLinkPurpose, string> = {
  invitation: 'Please ask the person who invited you to send the invitation again.',
  'password-reset': 'Please ask for a new one with "Forgot password?" on the sign-in page.',
};

/**
 * Why a presented link cannot be used, as a clear error: unknown (or meant for another page), used,
 * replaced by a newer link, or expired. Null when the link is live.
 */
export function accountLinkError(
  row: repo.AccountTokenRow | undefined,
  purpose: repo.AccountLinkPurpose | undefined,
): AppError | null {
  const again = ASK_AGAIN[purpose ?? row?.purpose ?? 'password-reset'];
  if (!row || (purpose && row.purpose !== purpose)) {
    return new AppError('LINK_INVALID', { message: `This link is not valid. ${again}` });
  }
  if (row.usedAt) {
    return new AppError('LINK_USED', {
      message:
        row.purpose === 'invitation'
          ? 'This invitation was accepted already. Sign in with your mail address and password.'
          : `This link was used already. ${again}`,
    });
  }
  if (row.revokedAt) {
    // A newer link was sent, or the password, mail address or active flag changed meanwhile.
    return new AppError('LINK_INVALID', { message: `This link is no longer valid. ${again}` });
  }
  if (row.expiresAt <= new Date()) return new AppError('LINK_EXPIRED', { message: `This link has expired. ${again}` });
  return null;
}
