import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_TWO_FACTOR_KEY, loadConfig } from './env';

describe('loadConfig', () => {
  it('defaults to port 3000, ./data and the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.database.kind).toBe('pglite');
    expect(config.storage.driver).toBe('local');
    expect(config.services).toEqual(['auth', 'api', 'mail', 'documents', 'web']);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('keeps mails for the viewer unless SMTP_HOST is set', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    const config = loadConfig({
      SMTP_HOST: 'mail.example.com',
      SMTP_USER: 'u',
      SMTP_PASSWORD: 'p',
      SMTP_SECURE: 'true',
    });
    expect(config.smtp).toEqual({
      host: 'mail.example.com',
      port: 587,
      secure: true,
      ignoreTLS: false,
      auth: { user: 'u', pass: 'p' },
    });
    expect(config.mailFrom).toBe('Cuspid <no-reply@cuspid.local>');
  });

  it('keeps the captcha test mode off by default and refuses it in production', () => {
    expect(loadConfig({}).captchaTestMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_MODE: 'true' }).captchaTestMode).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_MODE: 'true' })).toThrow(/CAPTCHA_TEST_MODE/);
  });

  it('requires TWO_FACTOR_KEY in production and uses the development key elsewhere', () => {
    expect(loadConfig({}).twoFactor).toEqual({ key: DEV_TWO_FACTOR_KEY, usesDevelopmentKey: true });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TWO_FACTOR_KEY: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: 'short' })).toThrow(/TWO_FACTOR_KEY: must be/);
    const key = 'k'.repeat(44);
    expect(loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: key }).twoFactor).toEqual({
      key,
      usesDevelopmentKey: false,
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cuspid' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/cuspid' });
  });

  it('fails with a message naming every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVICES: 'auth,billing' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'SERVICES']) expect(message).toContain(name);
  });

  it('names the S3 settings that object storage needs', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'scans' })).toThrow(
      /S3_ACCESS_KEY_ID: required when STORAGE_DRIVER=s3\n {2}S3_SECRET_ACCESS_KEY/,
    );
  });

  it('asks for the public key with the private one, and for the private one where tokens are signed', () => {
    expect(() => loadConfig({ JWT_PRIVATE_KEY: 'x' })).toThrow(/JWT_PUBLIC_KEY/);
    expect(() => loadConfig({ JWT_PUBLIC_KEY: publicPem() })).toThrow(/JWT_PRIVATE_KEY: .*SERVICES/);
    // A service hosted apart only verifies: the public key alone.
    const verifier = loadConfig({ SERVICES: 'api,mail,documents,web', JWT_PUBLIC_KEY: publicPem() });
    expect(verifier.jwt.privateKeyPem).toBeUndefined();
  });

  it('refuses a private key with the public key of another pair', () => {
    const [pair, other] = [generateKeyPairSync('ed25519'), generateKeyPairSync('ed25519')];
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pem = (key: typeof pair.publicKey) => key.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => loadConfig({ JWT_PRIVATE_KEY: privatePem, JWT_PUBLIC_KEY: pem(other.publicKey) })).toThrow(
      /JWT_PUBLIC_KEY: must be the public key of JWT_PRIVATE_KEY/,
    );
    expect(loadConfig({ JWT_PRIVATE_KEY: privatePem, JWT_PUBLIC_KEY: pem(pair.publicKey) }).jwt.publicKeyPem).toBe(
      pem(pair.publicKey),
    );
  });

  it('reads retired public keys as PEM blocks one after another, and nothing else', () => {
    expect(loadConfig({}).jwt.retiredPublicKeyPems).toEqual([]);
    const [first, second] = [publicPem(), publicPem()];
    const bundle = `${first}\n${second.trim().replaceAll('\n', '\r\n')}`;
    const pems = loadConfig({ JWT_RETIRED_PUBLIC_KEYS: bundle }).jwt.retiredPublicKeyPems;
    expect(pems.map((pem) => pem.replaceAll('\r\n', '\n').trim())).toEqual([first.trim(), second.trim()]);

    const privatePem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
    for (const [value, message] of [
      [`${first}${privatePem}`, /JWT_RETIRED_PUBLIC_KEYS: .*PUBLIC KEY/],
      [`${first}trailing words`, /JWT_RETIRED_PUBLIC_KEYS: .*PUBLIC KEY/],
      ['not a key', /JWT_RETIRED_PUBLIC_KEYS: .*PUBLIC KEY/],
      [first.replace(/[A-Za-z0-9+/=]{8}\n-----END/, '\n-----END'), /JWT_RETIRED_PUBLIC_KEYS: .*Ed25519/],
      [p256.toString(), /JWT_RETIRED_PUBLIC_KEYS: .*Ed25519/],
    ] as const) {
      expect(() => loadConfig({ JWT_RETIRED_PUBLIC_KEYS: value }), value).toThrow(message);
    }
  });
});

/** An Ed25519 public key as openssl prints it. */
function publicPem() {
  return generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
}
