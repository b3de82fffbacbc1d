import type { ChangePasswordBody, UpdateProfileBody, UserProfile } from '@cuspid/contracts';
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
