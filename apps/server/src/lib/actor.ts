import { ADMIN_ROLE, can, hasPermission, type PermissionTitle } from '@cuspid/contracts';

type ActorBase = {
  /** The user the call acts for (an API key acts for its owner). */
  userId: string;
  companyId: string;
  /** Role names. Empty for an API key: a key holds only its scopes, never the admin bypass. */
  roles: string[];
  /** Permission titles held: through the user's roles, or (API key) the key's scopes the owner still holds. */
  permissions: string[];
  /** Belongs to the operator's own company (back-office staff). */
  isStaff: boolean;
};

/** A person signed in with mail and password: one session. */
export type UserActor = ActorBase & {
  kind: 'user';
  sessionId: string;
  /** A role requires two-factor sign-in and the user has not set it up: only the setup calls pass (ADR 0033). */
  twoFactorSetupRequired: boolean;
};
/** A machine client holding an access token from POST /auth/token (client credentials). */
export type ApiKeyActor = ActorBase & { kind: 'api-key'; apiKeyId: string };

/** Who is calling: resolved once per request from the access token and the database. */
export type Actor = UserActor | ApiKeyActor;

/** Holds the admin role (an API key never does: it has no roles). */
export const isAdmin = (actor: Actor) => actor.roles.includes(ADMIN_ROLE);

export const actorCan = (actor: Actor, permission: PermissionTitle) => can(actor, permission);
export const actorHasPermission = (actor: Actor, permission: PermissionTitle) => hasPermission(actor, permission);
