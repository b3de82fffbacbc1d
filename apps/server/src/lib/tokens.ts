import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type CryptoKey,
  errors,
  importPKCS8,
  importSPKI,
  type JWTHeaderParameters,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Config } from '../config/env';
import { AppError } from './errors';
import { sha256 } from './ids';

const ALG = 'EdDSA';
const AUDIENCE = 'cuspid';

/** A public key as a JWK (RFC 7517, Ed25519 per RFC 8037), for verifiers elsewhere. */
export type PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: typeof ALG; use: 'sig' };

export type TokenKeys = {
  /** The id of the signing key, in the header of every token this process issues. */
  kid: string;
  /** Absent in a process that only verifies (a service hosted apart, configured with JWT_PUBLIC_KEY alone). */
  privateKey: CryptoKey | undefined;
  /** The current key's public half: the only key a token without a kid is checked against. */
  publicKey: CryptoKey;
  /** Every key a token may name in its kid (ADR 0114): the current one first, then the retired ones. */
  verificationKeys: ReadonlyMap<string, { key: CryptoKey; jwk: PublicJwk }>;
  issuer: string;
  accessTokenTtlSeconds: number;
};

/** What an access token says: a user's session, or an API key (token from POST /auth/token). */
export type AccessClaims = (
  | { kind: 'user'; userId: string; sessionId: string; companyId: string }
  | { kind: 'api-key'; userId: string; apiKeyId: string; companyId: string; scopes: string[]; issuedAt: number }
) & {
  /** When the token expires (seconds since the epoch). */
  expiresAt?: number;
};

/**
 * Ed25519 keys: the authentication service signs, every service verifies with public keys alone, so
 * services hosted apart need only JWT_PUBLIC_KEY. Without configured keys, a pair is made once and kept
 * under DATA_DIR/keys. Besides the current key, the retired public keys of JWT_RETIRED_PUBLIC_KEYS verify
 * the tokens they signed until those expire: a rotation signs nobody out (ADR 0114).
 */
export async function loadTokenKeys(config: Config): Promise<TokenKeys> {
  const { privatePem, publicPem } = await signingKeyPems(config);
  const current = createPublicKey(publicPem);
  const verificationKeys = new Map<string, { key: CryptoKey; jwk: PublicJwk }>();
  for (const publicKey of [current, ...config.jwt.retiredPublicKeyPems.map((pem) => createPublicKey(pem))]) {
    const kid = keyIdOf(publicKey);
    // The current key listed as retired too (a rotation half done) is one key.
    if (!verificationKeys.has(kid)) verificationKeys.set(kid, await verificationKeyOf(publicKey, kid));
  }
  const kid = keyIdOf(current);
  return {
    kid,
    privateKey: privatePem ? await importPKCS8(privatePem, ALG) : undefined,
    publicKey: verificationKeys.get(kid)!.key,
    verificationKeys,
    issuer: config.jwt.issuer,
    accessTokenTtlSeconds: config.jwt.accessTokenTtlSeconds,
  };
}

/**
 * The configured keys (the public one alone where this process only verifies), or the pair generated
 * under DATA_DIR/keys at the first start.
 */
async function signingKeyPems(config: Config): Promise<{ privatePem: string | undefined; publicPem: string }> {
  const { privateKeyPem, publicKeyPem } = config.jwt;
  if (publicKeyPem) return { privatePem: privateKeyPem, publicPem: publicKeyPem };
  const dir = path.join(config.dataDir, 'keys');
  const privatePath = path.join(dir, 'jwt-ed25519.pem');
  const privatePem = await fs.readFile(privatePath, 'utf8').catch(async () => {
    const pair = generateKeyPairSync('ed25519');
    const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(privatePath, pem, { mode: 0o600 });
    return pem;
  });
  return { privatePem, publicPem: canonicalPem(createPublicKey(privatePem)) };
}

/** A public key's PEM as Node writes it (and openssl prints it): the same text however it was configured. */
const canonicalPem = (publicKey: KeyObject) => publicKey.export({ type: 'spki', format: 'pem' }).toString();

/**
 * A key's id: the start of the SHA-256 of its canonical PEM. Line breaks, blank lines or a missing final
 * newline in the configuration never change it, so a key moved from JWT_PUBLIC_KEY to the retired keys
 * keeps the id its tokens carry.
 */
const keyIdOf = (publicKey: KeyObject) => sha256(canonicalPem(publicKey)).slice(0, 16);

async function verificationKeyOf(publicKey: KeyObject, kid: string) {
  const { x } = publicKey.export({ format: 'jwk' });
  const jwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x: x!, kid, alg: ALG, use: 'sig' };
  return { key: await importSPKI(canonicalPem(publicKey), ALG), jwk };
}

/** The public keys that verify this service's tokens, as a JWK Set (RFC 7517): current first, then retired. */
export function publicKeySet(keys: TokenKeys): { keys: PublicJwk[] } {
  return { keys: [...keys.verificationKeys.values()].map(({ jwk }) => jwk) };
}

/**
 * The key a token names in its kid (ADR 0114): the current key or a retired one. A kid this process does
 * not know is refused without trying the other keys; a token without a kid (this service has always
 * written one) is checked against the current key only.
 */
function keyNamedBy(keys: TokenKeys) {
  return (header: JWTHeaderParameters): CryptoKey => {
    if (header.kid === undefined) return keys.publicKey;
    const named = keys.verificationKeys.get(header.kid);
    if (!named) throw new AppError('UNAUTHENTICATED');
    return named.key;
  };
}

/** Every token this service issues: signed with its key, for a subject and an audience, for `ttlSeconds`. */
function sign(keys: TokenKeys, payload: JWTPayload, subject: string, audience: string, ttlSeconds: number) {
  if (!keys.privateKey) throw new Error('This process holds no private key to sign tokens');
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, kid: keys.kid })
    .setSubject(subject)
    .setIssuer(keys.issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keys.privateKey);
}

export async function signAccessToken(
  keys: TokenKeys,
  claims: { userId: string; sessionId: string; companyId: string },
): Promise<string> {
  return sign(
    keys,
    { sid: claims.sessionId, cid: claims.companyId },
    claims.userId,
    AUDIENCE,
    keys.accessTokenTtlSeconds,
  );
}

/** An API key's access token: `akid` names the key, `scope` what it asked for (RFC 8693 style). */
export async function signApiKeyToken(
  keys: TokenKeys,
  claims: { userId: string; apiKeyId: string; companyId: string; scopes: string[] },
): Promise<string> {
  const payload = { akid: claims.apiKeyId, cid: claims.companyId, scope: claims.scopes.join(' ') };
  return sign(keys, payload, claims.userId, AUDIENCE, keys.accessTokenTtlSeconds);
}

/** The second sign-in step (ADR 0033): another audience, so a challenge never passes as an access token. */
const CHALLENGE_AUDIENCE = 'cuspid-two-factor';
export const CHALLENGE_TTL_SECONDS = 300;

/**
 * A challenge says "this user gave the right password": `pwc` is when the password last changed, so
 * a password change (or reset) in between ends the challenge.
 */
export async function signTwoFactorChallenge(
  keys: TokenKeys,
  claims: { userId: string; passwordChangedAt: Date },
): Promise<string> {
  return sign(
    keys,
    { pwc: claims.passwordChangedAt.getTime() },
    claims.userId,
    CHALLENGE_AUDIENCE,
    CHALLENGE_TTL_SECONDS,
  );
}

/** The user and password time a challenge names; any invalid or expired challenge answers 401. */
export async function verifyTwoFactorChallenge(
  keys: TokenKeys,
  challenge: string,
): Promise<{ userId: string; passwordChangedAt: number }> {
  try {
    const { payload } = await jwtVerify(challenge, keyNamedBy(keys), {
      issuer: keys.issuer,
      audience: CHALLENGE_AUDIENCE,
      algorithms: [ALG],
    });
    if (typeof payload.sub !== 'string' || typeof payload.pwc !== 'number') throw new Error('malformed challenge');
    return { userId: payload.sub, passwordChangedAt: payload.pwc };
  } catch {
    throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  }
}

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, keyNamedBy(keys), {
      issuer: keys.issuer,
      audience: AUDIENCE,
      algorithms: [ALG],
    });
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') throw new AppError('UNAUTHENTICATED');
    if (typeof payload.sid === 'string') {
      return {
        kind: 'user',
        userId: payload.sub,
        sessionId: payload.sid,
        companyId: payload.cid,
        expiresAt: payload.exp ?? 0,
      };
    }
    if (typeof payload.akid === 'string' && typeof payload.scope === 'string') {
      return {
        kind: 'api-key',
        userId: payload.sub,
        apiKeyId: payload.akid,
        companyId: payload.cid,
        scopes: payload.scope.split(' ').filter(Boolean),
        issuedAt: payload.iat ?? 0,
        expiresAt: payload.exp ?? 0,
      };
    }
    throw new AppError('UNAUTHENTICATED');
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
    if (error instanceof AppError) throw error;
    throw new AppError('UNAUTHENTICATED');
  }
}
