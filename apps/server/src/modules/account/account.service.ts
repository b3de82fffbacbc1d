import type { ChangePasswordBody, UpdateProfileBody, UserProfile } from '@cuspid/contracts';
import {
  isUserMailEvent,
  type MailPreferences,
  type UpdateMailPreferencesBody,
  USER_MAIL_EVENTS,
} from '@cuspid/contracts/mail';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor, UserActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { revokeAccountTokens } from '../account-links';
import { hashPassword, revokeUserSessions, toUserProfile, verifyPassword } from '../sessions';
import { updateUserRow } from '../users';
import * as repo from './account.repository';

/**
 * The signed-in user's own account. Every write names the caller's own row (`actor.userId`): that is the
 * whole scope, so no other rule applies.
 */
async function currentAccount(deps: Deps, actor: Actor) {
  const account = await repo.findOwnAccount(deps.db, actor.userId);
  if (!account) throw new AppError('SESSION_EXPIRED');
  return account;
}

export async function getProfile(deps: Deps, actor: Actor): Promise<UserProfile> {
  const { user, companyName } = await currentAccount(deps, actor);
  return toUserProfile(user, companyName);
}

export async function updateProfile(deps: Deps, actor: Actor, body: UpdateProfileBody): Promise<UserProfile> {
  const { companyName } = await currentAccount(deps, actor);
  const user = await updateUserRow(
    deps.db,
    actor.userId,
    {
      ...(body.first_name !== undefined ? { firstName: body.first_name || null } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name || null } : {}),
      ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
      ...(body.mobile !== undefined ? { mobile: body.mobile || null } : {}),
      ...(body.contact_language !== undefined ? { contactLanguage: body.contact_language } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
    },
    undefined,
  );
  if (!user) throw new AppError('SESSION_EXPIRED');
  return toUserProfile(user, companyName);
}

/** Changes the password and signs out every other session of the user. */
export async function changePassword(deps: Deps, actor: UserActor, body: ChangePasswordBody) {
  const { user } = await currentAccount(deps, actor);
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The current password is wrong',
      errors: { current_password: ['The current password is wrong'] },
    });
  }
  const passwordHash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    const updated = await updateUserRow(tx, user.id, { passwordHash, passwordChangedAt: new Date() }, undefined);
    if (!updated) throw new AppError('SESSION_EXPIRED');
    await revokeUserSessions(tx, user.id, 'password-changed', actor.sessionId);
    // A password-reset link asked for earlier would undo this change: it stops working.
    await revokeAccountTokens(tx, user.id);
  });
  return { message: 'Your password was changed' };
}

/** GET /auth/mail-preferences: every case mail a user may turn off, and whether it is on (the default). */
export async function getMailPreferences(deps: Deps, actor: Actor): Promise<MailPreferences> {
  await currentAccount(deps, actor);
  return readMailPreferences(deps, actor.userId);
}

/** Every user mail event with the user's choice; an event it never changed is on. */
async function readMailPreferences(deps: Deps, userId: string): Promise<MailPreferences> {
  const stored = new Map((await repo.listMailPreferences(deps.db, userId)).map((p) => [p.event, p.mail]));
  return { data: USER_MAIL_EVENTS.map((event) => ({ event, mail: stored.get(event) ?? true })) };
}

/** PUT /auth/mail-preferences: turns the named case mails on or off for the caller; the others keep theirs. */
export async function updateMailPreferences(
  deps: Deps,
  actor: Actor,
  body: UpdateMailPreferencesBody,
): Promise<MailPreferences> {
  await currentAccount(deps, actor);
  await repo.saveMailPreferences(deps.db, actor.userId, body.preferences);
  return readMailPreferences(deps, actor.userId);
}

/**
 * Whether a mail of `event` goes to the user: always, unless it is a case mail (USER_MAIL_EVENTS) the user turned
 * off. For mails addressed to a user; a typed-in address (e.g. "Send approval mail" to someone) is not a user's.
 */
export async function userWantsMail(db: DbOrTx, userId: string, event: string): Promise<boolean> {
  if (!isUserMailEvent(event)) return true;
  return !(await repo.mailTurnedOff(db, userId, event));
}
