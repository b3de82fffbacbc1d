import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { apiKeys } from '../modules/api-keys/api-keys.schema';
import { companies } from '../modules/companies/companies.schema';
import { permissions } from '../modules/permissions/permissions.schema';
import { rolePermissions, roles } from '../modules/roles/roles.schema';
import { sessions } from '../modules/sessions/sessions.schema';
import { userRoles, users } from '../modules/users/users.schema';
import type { Actor } from './actor';
import type { AccessClaims } from './tokens';

// The lookup of the caller behind a verified access token, used by the authentication hook
// (plugins/authenticate.ts): next to the actor it builds, below every service (ADR 0037).

/** Resolves the caller of a request in one query; null when the session, key or user is no longer valid. */
export async function loadActor(db: Db, claims: AccessClaims): Promise<Actor | null> {
  if (claims.kind === 'api-key') return loadApiKeyActor(db, claims);
  const rows = await queryRows<{
    company_id: string;
    is_operator: boolean;
    roles: string[];
    permissions: string[];
    two_factor_setup_required: boolean;
  }>(
    db,
    sql`
      select u.company_id, c.is_operator,
        coalesce(bool_or(r.require_two_factor), false) and u.two_factor_enabled_at is null
          as two_factor_setup_required,
        coalesce(array_agg(distinct r.name) filter (where r.name is not null), '{}') as roles,
        coalesce(array_agg(distinct p.title) filter (where p.title is not null), '{}') as permissions
      from ${users} u
      join ${companies} c on c.id = u.company_id and c.deleted_at is null
      join ${sessions} s on s.id = ${claims.sessionId} and s.user_id = u.id
        and s.revoked_at is null and s.expires_at > now()
      left join ${userRoles} ur on ur.user_id = u.id
      left join ${roles} r on r.id = ur.role_id
      left join ${rolePermissions} rp on rp.role_id = r.id
      left join ${permissions} p on p.id = rp.permission_id
      where u.id = ${claims.userId} and u.is_active and u.deleted_at is null
      group by u.id, c.id`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    kind: 'user',
    userId: claims.userId,
    companyId: row.company_id,
    sessionId: claims.sessionId,
    roles: row.roles,
    permissions: row.permissions,
    isStaff: row.is_operator,
    twoFactorSetupRequired: row.two_factor_setup_required,
  };
}

/**
 * An API key acts for its owner, with no roles (so no admin bypass) and only the permissions that
 * are in the token's scopes, in the key's current scopes and still held by the owner. A revoked,
 * deleted or expired key, an owner deleted or deactivated, or an owner's company deleted ends its
 * tokens at once (like the owner's sessions).
 */
async function loadApiKeyActor(db: Db, claims: Extract<AccessClaims, { kind: 'api-key' }>): Promise<Actor | null> {
  const rows = await queryRows<{ company_id: string; is_operator: boolean; scopes: string[]; permissions: string[] }>(
    db,
    sql`
      select u.company_id, c.is_operator, k.scopes,
        coalesce(array_agg(distinct p.title) filter (where p.title is not null), '{}') as permissions
      from ${apiKeys} k
      join ${users} u on u.id = k.owner_id
      join ${companies} c on c.id = u.company_id and c.deleted_at is null
      left join ${userRoles} ur on ur.user_id = u.id
      left join ${rolePermissions} rp on rp.role_id = ur.role_id
      left join ${permissions} p on p.id = rp.permission_id
      where k.id = ${claims.apiKeyId} and k.owner_id = ${claims.userId}
        and k.revoked_at is null and k.deleted_at is null and (k.expires_at is null or k.expires_at > now())
        and k.secret_changed_at < to_timestamp(${claims.issuedAt + 1})
        and u.is_active and u.deleted_at is null
      group by k.id, u.id, c.id`,
  );
  const row = rows[0];
  if (!row) return null;
  const held = new Set(row.permissions);
  const keyScopes = new Set(row.scopes);
  return {
    kind: 'api-key',
    apiKeyId: claims.apiKeyId,
    userId: claims.userId,
    companyId: row.company_id,
    roles: [],
    permissions: claims.scopes.filter((title) => keyScopes.has(title) && held.has(title)),
    isStaff: row.is_operator,
  };
}
