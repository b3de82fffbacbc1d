import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@cuspid/contracts/two-factor';

/** Two keys derived from TWO_FACTOR_KEY (HKDF-SHA256): one encrypts TOTP secrets, one keys recovery-code hashes. */
type TwoFactorKeys = { encryption: Buffer; recovery: Buffer; kid: string };

const derived = new Map<string, TwoFactorKeys>();

function keysOf(secret: string): TwoFactorKeys {
  let keys = derived.get(secret);
  if (!keys) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'cuspid-two-factor', info, 32));
    const encryption = derive('totp-secret-encryption');
    keys = {
      encryption,
      recovery: derive('recovery-code-hmac'),
      // Names the key in each ciphertext, so a changed TWO_FACTOR_KEY fails with a clear message.
      kid: createHash('sha256').update(encryption).digest('base64url').slice(0, 8),
    };
    derived.set(secret, keys);
  }
  return keys;
}

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce. The user id is authenticated data: a ciphertext copied
 * onto another user's row does not decrypt.
 */
export function encryptTotpSecret(key: string, userId: string, secret: string): string {
  const keys = keysOf(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, keys.kid, Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')].join(':');
}

export class TwoFactorKeyError extends Error {
  override name = 'TwoFactorKeyError';
}

export function decryptTotpSecret(key: string, userId: string, stored: string): string {
  const keys = keysOf(key);
  const [version, kid, payload] = stored.split(':');
  if (version !== VERSION || !payload) throw new TwoFactorKeyError('Unknown format of a stored two-factor secret');
  if (kid !== keys.kid) {
    throw new TwoFactorKeyError('A two-factor secret was encrypted with another TWO_FACTOR_KEY than the current one');
  }
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time codes of ten characters (~49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code (normalised: no dash, lower case). */
export function hashRecoveryCode(key: string, normalisedCode: string): string {
  return createHmac('sha256', keysOf(key).recovery).update(normalisedCode).digest('base64url');
}
