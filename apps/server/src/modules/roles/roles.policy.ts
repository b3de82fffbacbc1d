import { ADMIN_ROLE, errorText, notSelfService, type PermissionDefinition, ROLE_ERRORS } from '@cuspid/contracts';
import { type Actor, isAdmin } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';

/**
 * Who may hand out and change what (ADR 0036), as plain rules over the actor:
 * - nobody gives a permission they do not hold: through a user's roles, a role's permissions, a key's
 *   scopes, or a role flag that hands the role to whoever registers;
 * - a role is changed only by someone who holds every permission it carries (admins excepted), and the
 *   admin role only by admins;
 * - a role anyone can obtain without an administrator (given on registration, or open to
 *   self-registration) carries only self-service permissions.
 * The rule for another user's credentials and status is in users.policy.ts; it builds on these.
 */

/** The titles among `titles` the actor does not hold, sorted. */
export function permissionsNotHeld(actor: Actor, titles: Iterable<string>): string[] {
  const held = new Set(actor.permissions);
  return [...new Set(titles)].filter((t) => !held.has(t)).sort();
}

/** A non-admin may grant (roles, role permissions, key scopes) only permissions they hold themselves. */
export const mayGrant = (actor: Actor, titles: Iterable<string>) =>
  isAdmin(actor) || permissionsNotHeld(actor, titles).length === 0;

export function assertMayGrant(actor: Actor, titles: Iterable<string>) {
  if (mayGrant(actor, titles)) return;
  throw new AppError('GRANT_NOT_HELD', { params: { permissions: permissionsNotHeld(actor, titles).join(', ') } });
}

type RoleContent = { name: string; permissions: readonly string[] };

/** A role is changed (or deleted) only by someone who holds all it carries; the admin role only by admins. */
export const mayChangeRole = (actor: Actor, role: RoleContent) =>
  isAdmin(actor) || (role.name !== ADMIN_ROLE && permissionsNotHeld(actor, role.permissions).length === 0);

/** Every role is visible to whoever may list roles; changing one follows `mayChangeRole`. */
export const changeRolePolicy: Policy<RoleContent> = {
  allow: mayChangeRole,
  refuse: (actor, role) =>
    role.name === ADMIN_ROLE
      ? new AppError('ROLE_ADMIN_ONLY')
      : new AppError('ROLE_HOLDS_MORE', {
          params: { permissions: permissionsNotHeld(actor, role.permissions).join(', ') },
        }),
};

/**
 * `mayChangeRole` as the repository puts it into the where clause of a role's update and delete: every role
 * for an admin, otherwise roles other than the admin role that carry no permission outside `held`.
 */
export type RoleChangeScope = { anyRole: true } | { anyRole: false; held: readonly string[] };

export const roleChangeScope = (actor: Actor): RoleChangeScope =>
  isAdmin(actor) ? { anyRole: true } : { anyRole: false, held: actor.permissions };

/** What makes a role obtainable without an administrator. */
export type RoleFlags = { name: string; canRegister: boolean; assignOnRegistration: boolean };

/**
 * The permissions a self-service role must not carry, or none. Used by the role editor, the seed and
 * the start-up check, so a registration role can never carry back-office or user, role, permission or
 * key management, whoever sets it up.
 */
export function selfServiceViolations(
  role: RoleFlags,
  permissions: readonly string[],
  catalogue: readonly PermissionDefinition[],
): string[] {
  if (role.name === ADMIN_ROLE && (role.canRegister || role.assignOnRegistration)) return ['(administrator role)'];
  if (!role.canRegister && !role.assignOnRegistration) return [];
  return notSelfService(permissions, catalogue).sort();
}

export function assertSelfServiceRole(
  role: RoleFlags,
  permissions: readonly string[],
  catalogue: readonly PermissionDefinition[],
) {
  const violations = selfServiceViolations(role, permissions, catalogue);
  if (!violations.length) return;
  const params = { permissions: violations.join(', ') };
  const field = role.assignOnRegistration ? 'assign_on_registration' : 'can_register';
  throw new AppError('ROLE_SELF_SERVICE_ONLY', {
    params,
    errors: { [field]: [errorText(ROLE_ERRORS.ROLE_SELF_SERVICE_ONLY.message, params)] },
  });
}
