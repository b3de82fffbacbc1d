import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  loginAs,
  type TestContext,
  type TestUser,
} from '../../../test/setup-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { loadTokenKeys } from '../../lib/tokens';

/** A fresh Ed25519 pair as an operator writes it into the configuration. */
function keyPair() {
  const pair = generateKeyPairSync('ed25519');
  return {
    privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
const oldPair = keyPair();
const newPair = keyPair();

// The install before the rotation: signing with the old key.
let before: TestContext;
let admin: TestUser;
let oldToken: string;
let oldRefreshToken: string;
const restarted: FastifyInstance[] = [];
beforeAll(async () => {
  before = await createTestApp({ JWT_PRIVATE_KEY: oldPair.privatePem, JWT_PUBLIC_KEY: oldPair.publicPem });
  admin = await createTestAdmin(before.deps);
  ({ token: oldToken, refresh_token: oldRefreshToken } = await loginAs(before.app, admin.mail));
});
afterAll(async () => {
  for (const app of restarted) await app.close();
  await before?.close();
});

/**
 * The same install (database, files, job queue) started again with other key settings, as an operator's
 * rotation does: only the configuration of the keys (and, for a service hosted apart, SERVICES) changes.
 */
async function restartWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: before.deps.config.dataDir, ...env });
  const app = await buildApp({
    ...before.deps,
    config: { ...before.deps.config, services: config.services, jwt: config.jwt },
    keys: await loadTokenKeys(config),
  });
  await app.ready();
  restarted.push(app);
  return app;
}

const rotated = {
  SERVICES: 'auth,api,mail,documents',
  JWT_PRIVATE_KEY: newPair.privatePem,
  JWT_PUBLIC_KEY: newPair.publicPem,
  JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem,
};

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });

describe('a signing key rotation', () => {
  it("keeps the signed-in users: the old key's tokens reach protected routes, new tokens carry the new key", async () => {
    const after = await restartWith(rotated);
    const response = await profile(after, oldToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.id, mail: admin.mail });

    const { token: newToken } = await loginAs(after, admin.mail);
    expect(decodeProtectedHeader(newToken).kid).not.toBe(decodeProtectedHeader(oldToken).kid);
    expect((await profile(after, newToken)).statusCode).toBe(200);
    // The session goes on: its refresh token, issued before, gives tokens of the new key.
    const refreshed = await after.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      payload: { refresh_token: oldRefreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeProtectedHeader(refreshed.json().token).kid).toBe(decodeProtectedHeader(newToken).kid);
  });

  it('lets a service hosted apart verify old and new tokens with the public keys alone', async () => {
    const after = await restartWith(rotated);
    const { token: newToken } = await loginAs(after, admin.mail);
    const api = await restartWith({
      SERVICES: 'api',
      JWT_PUBLIC_KEY: newPair.publicPem,
      JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem,
    });
    for (const token of [oldToken, newToken]) {
      const response = await api.inject({ method: 'GET', url: '/api/companies', headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it("ends the old key's tokens once the retired key leaves the configuration", async () => {
    const { JWT_RETIRED_PUBLIC_KEYS: _, ...withoutRetired } = rotated;
    const after = await restartWith(withoutRetired);
    const response = await profile(after, oldToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token of a key that is neither current nor retired', async () => {
    const after = await restartWith(rotated);
    const stranger = keyPair();
    const other = await restartWith({ JWT_PRIVATE_KEY: stranger.privatePem, JWT_PUBLIC_KEY: stranger.publicPem });
    const { token } = await loginAs(other, admin.mail);
    const response = await profile(after, token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /auth/jwks.json', () => {
  it('lists the current and every retired public key, without a session, and verifies their tokens', async () => {
    const after = await restartWith(rotated);
    const response = await after.inject({ method: 'GET', url: '/auth/jwks.json' });
    expect(response.statusCode, response.body).toBe(200);
    const jwks = response.json() as { keys: Record<string, unknown>[] };
    const { token: newToken } = await loginAs(after, admin.mail);
    expect(jwks.keys.map((key) => key.kid)).toEqual([
      decodeProtectedHeader(newToken).kid,
      decodeProtectedHeader(oldToken).kid,
    ]);
    for (const key of jwks.keys) {
      expect(key).toEqual({
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.any(String),
        kid: key.kid,
        alg: 'EdDSA',
        use: 'sig',
      });
    }
    // What a verifier elsewhere does with it: pick the key by kid.
    const keySet = createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]);
    for (const token of [oldToken, newToken]) {
      await expect(jwtVerify(token, keySet, { audience: 'cuspid' })).resolves.toMatchObject({
        payload: { sub: admin.id },
      });
    }
  });

  it('is named as jwks_uri in the OAuth metadata', async () => {
    const response = await before.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(response.json().jwks_uri).toBe(`${before.deps.config.publicUrl}/auth/jwks.json`);
  });
});
