import { can, hasPermission, type PermissionTitle } from '@cuspid/contracts';

/** Who is calling: resolved once per request from the access token and the database. */
export type Actor = {
  kind: 'user';
  userId: string;
  companyId: string;
  sessionId: string;
  roles: string[];
  /** Permission titles the user holds through their roles. */
  permissions: string[];
  /** Belongs to the operator's own company (back-office staff). */
  isStaff: boolean;
};

export const actorCan = (actor: Actor, permission: PermissionTitle) => can(actor, permission);
export const actorHasPermission = (actor: Actor, permission: PermissionTitle) => hasPermission(actor, permission);
