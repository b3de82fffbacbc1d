/** The server under test; run-e2e.ts sets it, a developer may point it at a running server. */
export function baseUrl(): string {
  const value = process.env.E2E_BASE_URL;
  if (!value) throw new Error('E2E_BASE_URL is not set: run the suite through `npm run test:e2e`');
  return value.replace(/\/+$/, '');
}

export const ADMIN = { mail: 'admin@cuspid.local', password: 'Cuspid#Demo1' } as const;
/** A back-office employee of the operator (role employee). */
export const STAFF = { mail: 'staff@cuspid.local', password: 'Cuspid#Demo1' } as const;
export const PRACTICE = { mail: 'practice@cuspid.local', password: 'Cuspid#Demo1' } as const;
export const RESELLER = { mail: 'reseller@cuspid.local', password: 'Cuspid#Demo1' } as const;
export const NEW_USER_PASSWORD = 'E2e#Pass123';

/** The web app's localStorage keys (apps/web/src/lib/storage-keys.ts). */
export const STORAGE_KEYS = {
  session: 'cuspid.session',
  language: 'cuspid.language',
  layout: 'cuspid.layout',
  colorScheme: 'cuspid.color-scheme',
  navSections: 'cuspid.nav-sections',
} as const;

/** A mail address no earlier run has used. */
export function uniqueMail(prefix = 'e2e'): string {
  const random = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${prefix}-${random}@test.cuspid.local`;
}

/** The answer every captcha accepts while the server runs with CAPTCHA_TEST_MODE (set by run-e2e.ts). */
export const CAPTCHA_TEST_ANSWER = 'e2e-captcha';
/** A German VAT id with a valid checksum, and one with a broken checksum. */
export const VALID_VAT_ID = 'DE136695976';
export const INVALID_VAT_ID = 'DE136695978';
