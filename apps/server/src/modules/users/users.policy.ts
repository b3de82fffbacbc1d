import { ADMIN_ROLE } from '@cuspid/contracts';
import { type Actor, isAdmin } from '../../lib/actor';
import { authorize, type Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { permissionsNotHeld } from '../roles';

/**
 * Who may create and change which user (ADR 0036). Which users an actor sees at all is the company scope
 * of the repository's queries (another company's user is not found); these rules decide the rest.
 */

/** Company users create users in their own company only; back-office staff in any (another: 404). */
export const mayCreateUserIn = (actor: Actor, companyId: string) => companyId === actor.companyId || actor.isStaff;

export function assertMayCreateUserIn(actor: Actor, companyId: string) {
  if (!mayCreateUserIn(actor, companyId)) throw new AppError('NOT_FOUND');
}

/** Only admins hand out the admin role. */
export const mayGrantRoles = (actor: Actor, roleNames: readonly string[]) =>
  isAdmin(actor) || !roleNames.includes(ADMIN_ROLE);

export function assertMayGrantRoles(actor: Actor, roleNames: readonly string[]) {
  if (!mayGrantRoles(actor, roleNames)) throw new AppError('FORBIDDEN');
}

type Target = { user: { id: string }; roles: readonly string[] };

/** An admin's record is changed only by admins and by the admin themself. */
export const mayEditUser = (actor: Actor, target: Target) =>
  isAdmin(actor) || target.user.id === actor.userId || !target.roles.includes(ADMIN_ROLE);

export const editUserPolicy: Policy<Target> = { allow: mayEditUser };

type Managed = { id: string; roles: readonly string[]; permissions: readonly string[] };

/**
 * Changing another user's mail, password, roles or status (active, deleted, two-factor, invitation)
 * needs every permission that user holds, so a company administrator cannot take over a colleague
 * who may do more than they may. Only admins handle admins.
 */
export const mayManageUser = (actor: Actor, target: Managed) =>
  isAdmin(actor) ||
  target.id === actor.userId ||
  (!target.roles.includes(ADMIN_ROLE) && permissionsNotHeld(actor, target.permissions).length === 0);

export const manageUserPolicy: Policy<Managed> = {
  allow: mayManageUser,
  refuse: (actor, target) =>
    target.roles.includes(ADMIN_ROLE)
      ? new AppError('FORBIDDEN')
      : new AppError('USER_HOLDS_MORE', {
          params: { permissions: permissionsNotHeld(actor, target.permissions).join(', ') },
        }),
};

export function assertMayManageUser(actor: Actor, target: Managed) {
  authorize(actor, manageUserPolicy, target);
}
