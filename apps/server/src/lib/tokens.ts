import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type CryptoKey, errors, importPKCS8, importSPKI, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config/env';
import { AppError } from './errors';
import { sha256 } from './ids';

const ALG = 'EdDSA';
const AUDIENCE = 'cuspid';

export type TokenKeys = {
  kid: string;
  privateKey: CryptoKey | undefined;
  publicKey: CryptoKey;
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
 * Ed25519 keys: the authentication service signs, every service verifies with the public key alone,
 * so services hosted apart need only JWT_PUBLIC_KEY. Without configured keys, a pair is made once
 * and kept under DATA_DIR/keys.
 */
export async function loadTokenKeys(config: Config): Promise<TokenKeys> {
  let privatePem = config.jwt.privateKeyPem;
  let publicPem = config.jwt.publicKeyPem;
  if (!privatePem || !publicPem) {
    const dir = path.join(config.dataDir, 'keys');
    const privatePath = path.join(dir, 'jwt-ed25519.pem');
    privatePem = await fs.readFile(privatePath, 'utf8').catch(async () => {
      const pair = generateKeyPairSync('ed25519');
      const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(privatePath, pem, { mode: 0o600 });
      return pem;
    });
    publicPem = createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
  }
  return {
    kid: sha256(publicPem).slice(0, 16),
    privateKey: await importPKCS8(privatePem, ALG),
    publicKey: await importSPKI(publicPem, ALG),
    issuer: config.jwt.issuer,
    accessTokenTtlSeconds: config.jwt.accessTokenTtlSeconds,
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
    const { payload } = await jwtVerify(challenge, keys.publicKey, {
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
    const { payload } = await jwtVerify(token, keys.publicKey, {
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
