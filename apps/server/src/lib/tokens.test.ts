import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importPKCS8, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env';
import {
  loadTokenKeys,
  signAccessToken,
  signTwoFactorChallenge,
  type TokenKeys,
  verifyAccessToken,
  verifyTwoFactorChallenge,
} from './tokens';

/** A fresh Ed25519 pair as an operator writes it into the configuration (PEM, as openssl prints it). */
function keyPair() {
  const pair = generateKeyPairSync('ed25519');
  return {
    privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The keys of a process started with these key settings (no DATA_DIR key is ever generated here). */
const keysOf = (env: Record<string, string>) =>
  loadTokenKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent/cuspid-keys-test', ...env }));

const signing = (pair: ReturnType<typeof keyPair>) => ({
  JWT_PRIVATE_KEY: pair.privatePem,
  JWT_PUBLIC_KEY: pair.publicPem,
});

const claims = { userId: 'user-1', sessionId: 'session-1', companyId: 'company-1' };

/** A token of this issuer and audience signed by any private key, with the header's kid as given. */
async function forged(privatePem: string, keys: TokenKeys, kid: string | undefined) {
  return new SignJWT({ sid: claims.sessionId, cid: claims.companyId })
    .setProtectedHeader(kid === undefined ? { alg: 'EdDSA' } : { alg: 'EdDSA', kid })
    .setSubject(claims.userId)
    .setIssuer(keys.issuer)
    .setAudience('cuspid')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(await importPKCS8(privatePem, 'EdDSA'));
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'verified',
    (error: { code?: string }) => error.code,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('signing key rotation', () => {
  const oldPair = keyPair();
  const newPair = keyPair();

  it("verifies a token of the retired key until it expires, while new tokens carry the new key's id", async () => {
    const before = await keysOf(signing(oldPair));
    const oldToken = await signAccessToken(before, claims);
    const after = await keysOf({ ...signing(newPair), JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem });
    expect(after.kid).not.toBe(before.kid);

    await expect(verifyAccessToken(after, oldToken)).resolves.toMatchObject({ kind: 'user', ...claims });
    const newToken = await signAccessToken(after, claims);
    expect(decodeProtectedHeader(newToken).kid).toBe(after.kid);
    expect(decodeProtectedHeader(oldToken).kid).toBe(before.kid);
    await expect(verifyAccessToken(after, newToken)).resolves.toMatchObject({ kind: 'user', ...claims });

    // Its own expiry still ends it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (before.accessTokenTtlSeconds + 1) * 1000);
    expect(await refusal(verifyAccessToken(after, oldToken))).toBe('TOKEN_EXPIRED');
  });

  it('ends the tokens of a retired key once the key leaves the configuration', async () => {
    const oldToken = await signAccessToken(await keysOf(signing(oldPair)), claims);
    const after = await keysOf(signing(newPair));
    expect(await refusal(verifyAccessToken(after, oldToken))).toBe('UNAUTHENTICATED');
  });

  it('refuses a token of a key that is neither current nor retired, whatever kid it names', async () => {
    const after = await keysOf({ ...signing(newPair), JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem });
    const stranger = keyPair();
    const strangerKeys = await keysOf(signing(stranger));
    for (const kid of [strangerKeys.kid, after.kid, undefined]) {
      const token = await forged(stranger.privatePem, after, kid);
      expect(await refusal(verifyAccessToken(after, token)), `kid ${kid}`).toBe('UNAUTHENTICATED');
    }
  });

  it('picks the key by kid: a kid it does not know is refused, even with a signature of a known key', async () => {
    const after = await keysOf({ ...signing(newPair), JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem });
    const unknownKid = await forged(newPair.privatePem, after, '0123456789abcdef');
    expect(await refusal(verifyAccessToken(after, unknownKid))).toBe('UNAUTHENTICATED');
    // The retired key's signature under the current key's id: the id names the key, no other is tried.
    const swapped = await forged(oldPair.privatePem, after, after.kid);
    expect(await refusal(verifyAccessToken(after, swapped))).toBe('UNAUTHENTICATED');
    // No kid at all (this service never issued one): the current key only.
    await expect(verifyAccessToken(after, await forged(newPair.privatePem, after, undefined))).resolves.toMatchObject(
      claims,
    );
    expect(await refusal(verifyAccessToken(after, await forged(oldPair.privatePem, after, undefined)))).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('takes several retired keys, written as they are printed or on one block after another', async () => {
    const older = keyPair();
    const tokens = await Promise.all(
      [older, oldPair].map(async (pair) => signAccessToken(await keysOf(signing(pair)), claims)),
    );
    // Line breaks as Windows writes them, no final newline, and blank lines between blocks: the key ids stay.
    const bundle = `${older.publicPem.trim().replaceAll('\n', '\r\n')}\n\n${oldPair.publicPem.trim()}`;
    const after = await keysOf({ ...signing(newPair), JWT_RETIRED_PUBLIC_KEYS: bundle });
    for (const token of tokens) await expect(verifyAccessToken(after, token)).resolves.toMatchObject(claims);
  });

  it('keeps the second sign-in step of a challenge issued before the rotation', async () => {
    const passwordChangedAt = new Date('2026-01-02T03:04:05Z');
    const challenge = await signTwoFactorChallenge(await keysOf(signing(oldPair)), {
      userId: 'user-1',
      passwordChangedAt,
    });
    const after = await keysOf({ ...signing(newPair), JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem });
    await expect(verifyTwoFactorChallenge(after, challenge)).resolves.toEqual({
      userId: 'user-1',
      passwordChangedAt: passwordChangedAt.getTime(),
    });
    expect(await refusal(verifyTwoFactorChallenge(await keysOf(signing(newPair)), challenge))).toBe(
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
  });

  it('verifies with public keys alone in a service hosted apart, and signs nothing there', async () => {
    const oldToken = await signAccessToken(await keysOf(signing(oldPair)), claims);
    const newToken = await signAccessToken(await keysOf(signing(newPair)), claims);
    const verifier = await keysOf({
      SERVICES: 'api,mail,documents',
      JWT_PUBLIC_KEY: newPair.publicPem,
      JWT_RETIRED_PUBLIC_KEYS: oldPair.publicPem,
    });
    expect(verifier.privateKey).toBeUndefined();
    for (const token of [oldToken, newToken]) {
      await expect(verifyAccessToken(verifier, token)).resolves.toMatchObject(claims);
    }
    await expect(signAccessToken(verifier, claims)).rejects.toThrow(/no private key/);
  });
});
