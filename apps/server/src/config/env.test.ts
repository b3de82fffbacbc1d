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

  it('asks for both JWT keys together', () => {
    expect(() => loadConfig({ JWT_PRIVATE_KEY: 'x' })).toThrow(/JWT_PUBLIC_KEY/);
  });
});
