import type {
  AccountLinkInfo,
  CheckAccountLinkBody,
  ForgotPasswordBody,
  LoginResponse,
  SetPasswordWithLinkBody,
} from '@cuspid/contracts';
import type { Deps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { sha256 } from '../../lib/ids';
import {
  type ClientInfo,
  clearAccountFailures,
  findLiveUserById,
  hashPassword,
  limitRequests,
  revokeUserSessions,
  startSession,
  type UserRow,
} from '../sessions';
import { sendPasswordResetJob } from './account-links.jobs';
import * as repo from './account-links.repository';
import { accountLinkError } from './link-tokens';

/** The public calls behind mailed account links (ADR 0034): check a link, accept an invitation, reset a password. */

/** Whom a live link is for, so the page can greet them; a used, expired or unknown link is refused. */
export async function checkAccountLink(deps: Deps, body: CheckAccountLinkBody): Promise<AccountLinkInfo> {
  const row = await repo.findAccountToken(deps.db, sha256(body.token));
  const refused = accountLinkError(row, undefined);
  if (refused || !row) throw refused;
  const user = await findLiveUserById(deps.db, row.userId);
  if (!user?.isActive) throw accountLinkError(undefined, row.purpose);
  return { purpose: row.purpose, mail: user.mail, expires_at: row.expiresAt.toISOString() };
}

/**
 * Spends a live link of the purpose and sets the user's password, in one transaction: a refused password
 * (or any failure) leaves the link usable. Every other link of the user stops working.
 */
async function setPasswordWithLink(
  deps: Deps,
  body: SetPasswordWithLinkBody,
  purpose: repo.AccountLinkPurpose,
): Promise<UserRow> {
  const passwordHash = await hashPassword(body.password);
  const tokenHash = sha256(body.token);
  return deps.db.transaction(async (tx) => {
    const spent = await repo.consumeAccountToken(tx, tokenHash, purpose);
    if (!spent) throw accountLinkError(await repo.findAccountToken(tx, tokenHash), purpose);
    const current = await findLiveUserById(tx, spent.userId);
    // Deleting or deactivating a user revokes its links; this guards against that race.
    if (!current?.isActive) throw accountLinkError(undefined, purpose);
    const updated = await repo.setPasswordFromLink(tx, current.id, passwordHash);
    if (!updated) throw accountLinkError(undefined, purpose);
    await repo.revokeAccountTokens(tx, current.id);
    // A new password ends every session (after a reset: whoever knew the old password is out).
    await revokeUserSessions(tx, current.id, 'password-reset');
    await recordAudit(
      tx,
      { kind: 'user', userId: current.id, companyId: current.companyId },
      {
        entity: 'user',
        entityId: current.id,
        companyId: current.companyId,
        action: 'update',
        before: { passwordHash: current.passwordHash },
        after: { passwordHash: updated.passwordHash },
      },
    );
    return updated;
  });
}

/** The invited user sets a password and is signed in: the answer is the sign-in answer. */
export async function acceptInvitation(
  deps: Deps,
  body: SetPasswordWithLinkBody,
  client: ClientInfo,
): Promise<LoginResponse> {
  const user = await setPasswordWithLink(deps, body, 'invitation');
  return startSession(deps, user, client);
}

/**
 * A new password through a reset link. Every session of the user ends (whoever used the old password is
 * out) and sign-in pauses of the account are lifted; the user then signs in with the new password.
 */
export async function resetPassword(deps: Deps, body: SetPasswordWithLinkBody) {
  const user = await setPasswordWithLink(deps, body, 'password-reset');
  await clearAccountFailures(deps, user.mail);
  return { message: 'Your password was changed. You can sign in with it now.' };
}

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this mail address, a link to choose a new password is on its way. Please check your inbox.';

/**
 * Asks for a password-reset mail. The answer, and the work done before it, are the same whether the mail
 * belongs to an account or not: the lookup happens in a background job. Requests are limited per IP
 * (like sign-in) and per mail address (PASSWORD_RESET_MAX_PER_HOUR), for known and unknown addresses alike.
 */
export async function forgotPassword(deps: Deps, body: ForgotPasswordBody, client: ClientInfo) {
  const { windowSeconds, maxAttemptsPerIp } = deps.config.loginThrottle;
  await limitRequests(deps, `forgot-ip:${client.ip}`, {
    windowSeconds,
    max: maxAttemptsPerIp,
    what: 'password-reset requests',
  });
  await limitRequests(deps, `forgot-mail:${body.mail}`, {
    windowSeconds: 3600,
    max: deps.config.accountLinks.passwordResetMaxPerHour,
    what: 'password-reset requests for this mail address',
  });
  await deps.jobs.enqueue(sendPasswordResetJob, { mail: body.mail });
  return { message: FORGOT_PASSWORD_ANSWER };
}
