import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ApiTokenRecord,
  ApiTokenSecretResponse,
  CreateApiTokenBody,
  ListApiTokensQuery,
  UpdateApiTokenBody,
} from '@cuspid/contracts';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { companyScope } from '../../lib/company-scope';
import { AppError } from '../../lib/errors';
import { randomSecret, sha256 } from '../../lib/ids';
import { signApiKeyToken } from '../../lib/tokens';
import { assertMayGrant, findUserAccess } from '../roles';
import { bumpThrottle, findLiveUserById } from '../sessions';
import { users } from '../users/users.schema';
import { apiKeyPolicy, assertMayManageApiKeys } from './api-keys.policy';
import * as repo from './api-keys.repository';
import { apiKeys } from './api-keys.schema';

/**
 * API keys (ADR 0032): a public client id and a 256-bit random secret. Only SHA-256 of the secret
 * is stored: a secret of that entropy cannot be guessed from its hash, so a slow password hash would
 * only slow every token exchange. The secret is shown once, in the answer of create and rotate.
 */
const newClientId = () => `ck_${randomBytes(12).toString('hex')}`;
const newClientSecret = () => `cs_${randomSecret(32)}`;

function statusOf(key: repo.ApiKeyRow, now = new Date()): ApiTokenRecord['status'] {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

function toRecord(key: repo.ApiKeyRow): ApiTokenRecord {
  return {
    id: key.id,
    client_id: key.clientId,
    name: key.name,
    owner_id: key.ownerId,
    owner_mail: key.ownerMail,
    company_id: key.companyId,
    scopes: key.scopes,
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
    status: statusOf(key),
  };
}

/** What the audit trail keeps of a key; the hash shows only as redacted. */
const snapshot = (key: Omit<repo.ApiKeyRow, 'ownerMail'>) => ({
  name: key.name,
  clientId: key.clientId,
  ownerId: key.ownerId,
  scopes: key.scopes,
  expiresAt: key.expiresAt,
  revokedAt: key.revokedAt,
  secretHash: key.secretHash,
});

const scope = (actor: Actor) => companyScope(actor, apiKeys.companyId);

export async function listApiKeys(deps: Deps, actor: Actor, query: ListApiTokensQuery) {
  const result = await repo.listApiKeys(deps.db, scope(actor), {
    offset: query.limit_start,
    limit: query.limit_count,
    search: query.search || undefined,
    sortBy: query.sort_by,
    sortDir: query.sort_dir,
  });
  return { data: result.data.map((k) => toRecord(k)), count: result.count };
}

export async function getApiKey(deps: Deps, actor: Actor, id: string) {
  const key = await repo.findApiKey(deps.db, id, scope(actor));
  if (!key) throw new AppError('NOT_FOUND');
  return toRecord(key);
}

/** A key the actor may change: a person's call (403 for a key, whatever the id), a key in its scope (404). */
async function findManageable(deps: Deps, actor: Actor, id: string) {
  assertMayManageApiKeys(actor);
  return authorize(actor, apiKeyPolicy, await repo.findApiKey(deps.db, id, scope(actor)));
}

/** Writes a change to a key in the actor's scope; the key left the scope meanwhile: 404. */
async function writeKey(tx: DbOrTx, actor: Actor, id: string, values: Parameters<typeof repo.updateApiKey>[2]) {
  const updated = await repo.updateApiKey(tx, id, values, scope(actor));
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

/** Scopes must be permissions the owner holds now, and (for non-admins) the caller too. */
async function validateScopes(deps: Deps, actor: Actor, ownerId: string, scopes: string[], already: string[] = []) {
  const access = await findUserAccess(deps.db, ownerId);
  const held = new Set(access.permissions.map((p) => p.title));
  const unknown = scopes.filter((s) => !held.has(s));
  if (unknown.length) {
    const message = `Not a permission of the key's owner: ${unknown.join(', ')}`;
    throw new AppError('BAD_REQUEST', { message, errors: { scopes: [message] } });
  }
  assertMayGrant(
    actor,
    scopes.filter((s) => !already.includes(s)),
  );
  return [...new Set(scopes)].sort();
}

export async function createApiKey(
  deps: Deps,
  actor: Actor,
  body: CreateApiTokenBody,
): Promise<ApiTokenSecretResponse> {
  assertMayManageApiKeys(actor);
  const ownerId = body.owner_id ?? actor.userId;
  const owner = await repo.findOwner(deps.db, ownerId, companyScope(actor, users.companyId));
  if (!owner) throw new AppError('NOT_FOUND', { errors: { owner_id: ['The record was not found'] } });
  const scopes = await validateScopes(deps, actor, ownerId, body.scopes);
  const secret = newClientSecret();
  const id = await deps.db.transaction(async (tx) => {
    const key = await repo.insertApiKey(tx, {
      clientId: newClientId(),
      secretHash: sha256(secret),
      name: body.name,
      ownerId,
      companyId: owner.companyId,
      scopes,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    });
    await recordAudit(tx, actor, { entity: 'api-key', entityId: key.id, action: 'create', after: snapshot(key) });
    return key.id;
  });
  return {
    message: 'The API key was created. Copy the secret now: it will not be shown again.',
    data: await getApiKey(deps, actor, id),
    client_secret: secret,
  };
}

export async function updateApiKey(deps: Deps, actor: Actor, body: UpdateApiTokenBody) {
  const current = await findManageable(deps, actor, body.id);
  const scopes = body.scopes
    ? await validateScopes(deps, actor, current.ownerId, body.scopes, current.scopes)
    : undefined;
  await deps.db.transaction(async (tx) => {
    const updated = await writeKey(tx, actor, current.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(scopes ? { scopes } : {}),
      ...(body.expires_at !== undefined ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null } : {}),
    });
    await recordAudit(tx, actor, {
      entity: 'api-key',
      entityId: current.id,
      action: 'update',
      before: snapshot(current),
      after: snapshot(updated),
    });
  });
  return { message: 'The API key was updated', data: await getApiKey(deps, actor, current.id) };
}

/** A new secret; the old one and every token issued with it stop working at once. */
export async function rotateApiKey(deps: Deps, actor: Actor, id: string): Promise<ApiTokenSecretResponse> {
  const current = await findManageable(deps, actor, id);
  if (statusOf(current) !== 'active') {
    throw new AppError('BAD_REQUEST', { message: 'Only an active API key can be rotated' });
  }
  const secret = newClientSecret();
  await deps.db.transaction(async (tx) => {
    const updated = await writeKey(tx, actor, current.id, {
      secretHash: sha256(secret),
      secretChangedAt: new Date(),
    });
    await recordAudit(tx, actor, {
      entity: 'api-key',
      entityId: current.id,
      action: 'update',
      before: snapshot(current),
      after: snapshot(updated),
    });
  });
  return {
    message: 'A new secret was made. Copy it now: it will not be shown again.',
    data: await getApiKey(deps, actor, current.id),
    client_secret: secret,
  };
}

export async function revokeApiKey(deps: Deps, actor: Actor, id: string) {
  const current = await findManageable(deps, actor, id);
  if (!current.revokedAt) {
    await deps.db.transaction(async (tx) => {
      const updated = await writeKey(tx, actor, current.id, { revokedAt: new Date() });
      await recordAudit(tx, actor, {
        entity: 'api-key',
        entityId: current.id,
        action: 'update',
        before: snapshot(current),
        after: snapshot(updated),
      });
    });
  }
  return { message: 'The API key was revoked', data: await getApiKey(deps, actor, current.id) };
}

/** Deleting revokes too; the row stays (soft delete) so the audit trail can still name it. */
export async function deleteApiKey(deps: Deps, actor: Actor, id: string) {
  const current = await findManageable(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    await writeKey(tx, actor, current.id, { deletedAt: new Date(), revokedAt: current.revokedAt ?? new Date() });
    await recordAudit(tx, actor, {
      entity: 'api-key',
      entityId: current.id,
      action: 'delete',
      before: snapshot(current),
    });
  });
  return { message: 'The API key was deleted' };
}

/** An OAuth 2 error answer (RFC 6749 section 5.2), carried by an AppError for the one error shape. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

function sameSecret(presented: string, storedHash: string) {
  const a = Buffer.from(sha256(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where the client's credentials came from: the form body, or HTTP Basic (RFC 6749 section 2.3.1). */
export function credentialsFrom(
  authorization: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
) {
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    }
  }
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

/**
 * POST /auth/token, grant_type=client_credentials: a key's client id and secret for an access
 * token of the normal lifetime, acting for the key's owner within the key's scopes.
 */
export async function exchangeClientCredentials(
  deps: Deps,
  input: {
    grantType: string;
    clientId?: string | undefined;
    clientSecret?: string | undefined;
    scope?: string | undefined;
  },
  ip: string,
) {
  const limits = deps.config.loginThrottle;
  if ((await bumpThrottle(deps.db, `token-ip:${ip}`, limits.windowSeconds)) > limits.maxAttemptsPerIp) {
    throw new OAuthError(429, 'slow_down', 'Too many attempts. Please try again later');
  }
  if (input.grantType !== 'client_credentials') {
    throw new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');
  }
  if (!input.clientId || !input.clientSecret) {
    throw new OAuthError(400, 'invalid_request', 'client_id and client_secret are required');
  }
  const key = await repo.findApiKeyByClientId(deps.db, input.clientId);
  if (!key || !sameSecret(input.clientSecret, key.secretHash)) {
    throw new OAuthError(401, 'invalid_client', 'The client id or secret is wrong');
  }
  if (key.revokedAt) throw new OAuthError(401, 'invalid_client', 'This API key was revoked');
  if (key.expiresAt && key.expiresAt <= new Date())
    throw new OAuthError(401, 'invalid_client', 'This API key has expired');
  const owner = await findLiveUserById(deps.db, key.ownerId);
  if (!owner?.isActive) throw new OAuthError(401, 'invalid_client', "This API key's owner is no longer active");
  if (!(await repo.isLiveCompany(deps.db, owner.companyId))) {
    throw new OAuthError(401, 'invalid_client', "This API key's company was deleted");
  }

  const requested = input.scope ? [...new Set(input.scope.split(' ').filter(Boolean))] : key.scopes;
  const outside = requested.filter((s) => !key.scopes.includes(s));
  if (outside.length) throw new OAuthError(400, 'invalid_scope', `Not a scope of this key: ${outside.join(', ')}`);

  const token = await signApiKeyToken(deps.keys, {
    userId: key.ownerId,
    apiKeyId: key.id,
    companyId: key.companyId,
    scopes: requested,
  });
  await repo.touchApiKey(deps.db, key.id);
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_in: deps.keys.accessTokenTtlSeconds,
    scope: requested.join(' '),
  };
}
