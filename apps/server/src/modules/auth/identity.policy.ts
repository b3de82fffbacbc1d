import { ADMIN_ROLE, errorText, notSelfService } from '@cuspid/contracts';
import { type Actor, isAdmin } from '../../lib/actor';
import { AppError } from '../../lib/errors';

/**
 * Who may hand out and take over what (ADR 0036). Three rules, each enforced here and nowhere else:
 * - nobody gives a permission they do not hold: through a user's roles, a role's permissions, a key's
 *   scopes, or a role flag that hands the role to whoever registers;
 * - nobody changes what a more powerful principal is: a role, or another user's credentials, roles
 *   and status, only by someone who holds every permission it carries (admins excepted), and the
 *   admin role only by admins;
 * - a role anyone can obtain without an administrator (given on registration, or open to
 *   self-registration) carries only self-service permissions.
 */

function missingFrom(actor: Actor, titles: Iterable<string>): string[] {
  const held = new Set(actor.permissions);
  return [...new Set(titles)].filter((t) => !held.has(t)).sort();
}

/** A non-admin may grant (roles, role permissions, key scopes) only permissions they hold themselves. */
export function assertMayGrant(actor: Actor, titles: Iterable<string>) {
  if (isAdmin(actor)) return;
  const missing = missingFrom(actor, titles);
  if (missing.length) {
    throw new AppError('GRANT_NOT_HELD', { params: { permissions: missing.join(', ') } });
  }
}

/**
 * Changing another user's mail, password, roles or status (active, deleted, two-factor, invitation)
 * needs every permission that user holds, so a company administrator cannot take over a colleague
 * who may do more than they may. Only admins handle admins.
 */
export function assertMayManageUser(
  actor: Actor,
  target: { id: string; roles: readonly string[]; permissions: readonly string[] },
) {
  if (isAdmin(actor) || target.id === actor.userId) return;
  if (target.roles.includes(ADMIN_ROLE)) throw new AppError('FORBIDDEN');
  const missing = missingFrom(actor, target.permissions);
  if (missing.length) throw new AppError('USER_HOLDS_MORE', { params: { permissions: missing.join(', ') } });
}

/** A role is changed (or deleted) only by someone who holds all it carries; the admin role only by admins. */
export function assertMayChangeRole(actor: Actor, role: { name: string; permissions: readonly string[] }) {
  if (isAdmin(actor)) return;
  if (role.name === ADMIN_ROLE) throw new AppError('ROLE_ADMIN_ONLY');
  const missing = missingFrom(actor, role.permissions);
  if (missing.length) throw new AppError('ROLE_HOLDS_MORE', { params: { permissions: missing.join(', ') } });
}

/** What makes a role obtainable without an administrator. */
export type RoleFlags = { name: string; canRegister: boolean; assignOnRegistration: boolean };

/**
 * The permissions a self-service role must not carry, or none. Used by the role editor, the seed and
 * the start-up check, so a registration role can never carry back-office or user, role, permission or
 * key management, whoever sets it up.
 */
export function selfServiceViolations(role: RoleFlags, permissions: readonly string[]): string[] {
  if (role.name === ADMIN_ROLE && (role.canRegister || role.assignOnRegistration)) return ['(administrator role)'];
  if (!role.canRegister && !role.assignOnRegistration) return [];
  return notSelfService(permissions).sort();
}

export function assertSelfServiceRole(role: RoleFlags, permissions: readonly string[]) {
  const violations = selfServiceViolations(role, permissions);
  if (!violations.length) return;
  const params = { permissions: violations.join(', ') };
  const field = role.assignOnRegistration ? 'assign_on_registration' : 'can_register';
  throw new AppError('ROLE_SELF_SERVICE_ONLY', {
    params,
    errors: { [field]: [errorText('ROLE_SELF_SERVICE_ONLY', params)] },
  });
}
