import { createPrivateKey, createPublicKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** One PEM public key block: the header, base64 lines, the footer (nothing else may sit inside). */
const PEM_PUBLIC_KEY = /-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----/g;

const isEd25519PublicKey = (pem: string) => {
  try {
    return createPublicKey(pem).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
};

/**
 * Public keys written one PEM block after another, as a certificate bundle is: the same text works in
 * a variable and in a file (`JWT_RETIRED_PUBLIC_KEYS="$(cat retired.pem)"`), whatever its line breaks.
 * Anything beside PUBLIC KEY blocks is refused, so a private key pasted by mistake stops the boot
 * instead of being kept in every service's configuration. Empty: no key.
 */
const publicKeyBundle = z.string().transform((text, ctx) => {
  const blocks = text.match(PEM_PUBLIC_KEY) ?? [];
  if (text.replace(PEM_PUBLIC_KEY, '').trim()) {
    ctx.addIssue({ code: 'custom', message: 'only PEM blocks "-----BEGIN PUBLIC KEY-----", one after another' });
    return z.NEVER;
  }
  if (!blocks.every(isEd25519PublicKey)) {
    ctx.addIssue({ code: 'custom', message: 'every key must be an Ed25519 public key (`openssl pkey -pubout`)' });
    return z.NEVER;
  }
  return blocks;
});

/** Whether a private and a public PEM key are one pair: a mismatch would sign tokens nobody can verify. */
function isPairOf(privatePem: string, publicPem: string): boolean {
  try {
    return createPublicKey(createPrivateKey(privatePem)).equals(createPublicKey(publicPem));
  } catch {
    return false;
  }
}

/** The spec's four deployable services (section 7), each mounted under its own base path. */
export const SPEC_SERVICES = ['auth', 'api', 'mail', 'documents'] as const;
/** What one process may serve: any of the spec's services, and the web app. */
export const SERVICE_NAMES = [...SPEC_SERVICES, 'web'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `auto`: readable lines on a terminal outside production, JSON otherwise (log collectors). */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    DATA_DIR: z.string().default('./data'),
    /** Set by npm to where `npm …` was typed: relative paths resolve from there, not the workspace. */
    INIT_CWD: z.string().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Named prepared statements on PostgreSQL (ADR 0103); false behind a pooler that cannot keep them. */
    DATABASE_PREPARED_STATEMENTS: bool.default(true),
    /** Which services this process mounts; the default is all of them in one process. */
    SERVICES: list.pipe(z.array(z.enum(SERVICE_NAMES)).min(1)).default([...SERVICE_NAMES]),
    /** Run job workers inside the server process. Set false when `npm run worker` runs elsewhere. */
    WORKERS_IN_PROCESS: bool.default(true),
    /** PostgreSQL schema of the job queue (pg-boss); separate installs may share a database. */
    JOB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case letters, digits and _ only')
      .default('pgboss'),
    /** How often (seconds) the job queue looks for jobs whose worker stopped answering, to retry them. */
    JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Trust X-Forwarded-* from a reverse proxy (true, a hop count, or addresses). */
    TRUST_PROXY: z.string().default('false'),
    PUBLIC_URL: z.url().optional(),
    CORS_ORIGINS: list.default([]),
    AUTH_BASE_URL: z.string().default('/auth'),
    API_BASE_URL: z.string().default('/api'),
    MAIL_BASE_URL: z.string().default('/mail'),
    DOCUMENTS_BASE_URL: z.string().default('/documents'),
    WEB_DIST_DIR: z.string().optional(),
    JWT_PRIVATE_KEY: z.string().optional(),
    JWT_PUBLIC_KEY: z.string().optional(),
    /** Public keys that signed tokens before the current key (ADR 0114): their tokens verify until they expire. */
    JWT_RETIRED_PUBLIC_KEYS: publicKeyBundle.optional(),
    JWT_ISSUER: z.string().default('cuspid-auth'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(60),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /**
     * Encrypts TOTP secrets and keys the recovery-code hashes (ADR 0033). Required in production;
     * elsewhere a fixed development key is used, with a warning at boot. Changing it turns every
     * user's two-factor sign-in unusable (an administrator then resets it per user).
     */
    TWO_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
    /** How long an invitation link (user created without a password) stays valid (ADR 0034). */
    INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /** How long a password-reset link stays valid. */
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    /** Password-reset mails one mail address may be sent per hour (more requests answer 429). */
    PASSWORD_RESET_MAX_PER_HOUR: z.coerce.number().int().min(1).default(3),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Signs short-lived download links of local storage. Generated under DATA_DIR when unset. */
    FILE_SIGNING_SECRET: z.string().min(32).optional(),
    SEED_DEMO: bool.default(true),
    /** Outgoing mail. Without SMTP_HOST mails are kept for the built-in sent-mail viewer only. */
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
    SMTP_SECURE: bool.default(false),
    /** Never upgrade with STARTTLS (local relays, tests). */
    SMTP_IGNORE_TLS: bool.default(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_FROM: z.string().default('Cuspid <no-reply@cuspid.local>'),
    /** Largest file POST /documents/upload-file accepts (bytes). */
    DOCUMENTS_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    /** Largest DOCX template (bytes): templates are read whole to be parsed. */
    DOCUMENTS_MAX_TEMPLATE_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(10 * 1024 * 1024),
    /** Largest company logo (PNG, JPEG or SVG) POST /api/upload-company-logo accepts (bytes). */
    COMPANY_LOGO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(2 * 1024 * 1024),
    /** Largest scan upload (bytes, ADR 0100): refused at creation (413) and while the bytes stream in. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(500 * 1024 * 1024),
    /** Card payments with Stripe: the secret API key and the webhook endpoint's signing secret (both, or neither). */
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** Another address for Stripe's API (a Stripe-compatible test double); default Stripe's own. */
    STRIPE_API_URL: z.url().optional(),
    /** Where unfinished scan uploads collect their bytes (tus); default `<DATA_DIR>/upload-staging`. */
    UPLOAD_STAGING_DIR: z.string().optional(),
    /** LibreOffice binary for DOCX → PDF; found on PATH when unset. */
    SOFFICE_PATH: z.string().optional(),
    /** One DOCX → PDF conversion may take this long before it is stopped. */
    PDF_CONVERSION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    /**
     * End-to-end tests only: every captcha also accepts CAPTCHA_TEST_ANSWER. Set by apps/e2e/run-e2e.ts;
     * refused in production (ADR 0051).
     */
    CAPTCHA_TEST_MODE: bool.default(false),
    /**
     * Which engine processes new cases (ADR 0101, 0132): the built-in `reference` engine, the `external` one at
     * ENGINE_URL, or another a module declares (an unknown id stops the boot).
     */
    CASE_ENGINE: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, 'an engine id: lower-case letters, digits and -')
      .default('reference'),
    /** Attempts of one processing run before the case fails for good (its credits are then refunded). */
    CASE_PROCESSING_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
    /** The external engine's job endpoint: each run is POSTed there, signed with ENGINE_SIGNING_SECRET. */
    ENGINE_URL: z.url().optional(),
    /** HMAC-SHA256 key of the signature of the jobs sent to the external engine (at least 32 characters). */
    ENGINE_SIGNING_SECRET: z.string().min(32).optional(),
    /** How long the scan download links in an external engine's job stay valid. */
    ENGINE_LINK_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    /** An external engine that has not answered a run after this long fails it (and the credits go back). */
    ENGINE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(240),
    /** The largest file an external engine may save as part of a result (POST /save-results, /save-files). */
    ENGINE_RESULT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(500 * 1024 * 1024),
    /**
     * Base URL of the EU VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api). Unset:
     * VAT ids are checked offline only (format and checksum). ADR 0055.
     */
    VIES_URL: z.url().optional(),
    /** How long one VIES request may take before the offline check stands. */
    VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
    /** How long a VAT id VIES confirmed is not asked again (0: ask every time). */
    VIES_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(604_800).default(86_400),
  })
  .superRefine((env, ctx) => {
    if (env.JWT_PRIVATE_KEY && !env.JWT_PUBLIC_KEY) {
      ctx.addIssue({ code: 'custom', path: ['JWT_PUBLIC_KEY'], message: 'set JWT_PUBLIC_KEY with JWT_PRIVATE_KEY' });
    }
    if (env.JWT_PRIVATE_KEY && env.JWT_PUBLIC_KEY && !isPairOf(env.JWT_PRIVATE_KEY, env.JWT_PUBLIC_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_PUBLIC_KEY'],
        message: 'must be the public key of JWT_PRIVATE_KEY (`openssl pkey -in private.pem -pubout`)',
      });
    }
    // A service hosted apart only verifies tokens: the public key alone. The authentication service signs them.
    if (env.JWT_PUBLIC_KEY && !env.JWT_PRIVATE_KEY && env.SERVICES.includes('auth')) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_PRIVATE_KEY'],
        message: 'required with JWT_PUBLIC_KEY where SERVICES includes auth (it signs the tokens)',
      });
    }
    if (!env.TWO_FACTOR_KEY && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['TWO_FACTOR_KEY'],
        message: 'required in production (e.g. `openssl rand -base64 32`)',
      });
    }
    if (env.CAPTCHA_TEST_MODE && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_TEST_MODE'], message: 'must not be set in production' });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together',
      });
    }
    if (env.CASE_ENGINE === 'external') {
      for (const key of ['ENGINE_URL', 'ENGINE_SIGNING_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when CASE_ENGINE=external' });
      }
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when STORAGE_DRIVER=s3' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * The two-factor key outside production when TWO_FACTOR_KEY is unset: fixed (not generated under
 * DATA_DIR) so that a lost data folder never locks users out of a development database.
 */
export const DEV_TWO_FACTOR_KEY = 'cuspid-development-two-factor-key-do-not-use-in-production';

/** The answer every captcha also accepts when CAPTCHA_TEST_MODE is on (end-to-end tests only). */
export const CAPTCHA_TEST_ANSWER = 'e2e-captcha';

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: Env) {
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    dataDir,
    database: env.DATABASE_URL
      ? ({
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
        } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') } as const),
    services: env.SERVICES,
    workersInProcess: env.WORKERS_IN_PROCESS,
    jobSchema: env.JOB_SCHEMA,
    jobSuperviseIntervalSeconds: env.JOB_SUPERVISE_INTERVAL_SECONDS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    corsOrigins: env.CORS_ORIGINS,
    serviceUrls: {
      auth: env.AUTH_BASE_URL,
      api: env.API_BASE_URL,
      mail: env.MAIL_BASE_URL,
      documents: env.DOCUMENTS_BASE_URL,
    },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(baseDir, env.WEB_DIST_DIR) : undefined,
    jwt: {
      privateKeyPem: env.JWT_PRIVATE_KEY,
      publicKeyPem: env.JWT_PUBLIC_KEY,
      retiredPublicKeyPems: env.JWT_RETIRED_PUBLIC_KEYS ?? [],
      issuer: env.JWT_ISSUER,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      /** How long a verified token's caller is reused without a database lookup (ADR 0085); 0: never. */
      actorCacheSeconds: env.AUTH_CACHE_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    },
    loginThrottle: {
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxAttemptsPerIp: env.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
    },
    twoFactor: {
      key: env.TWO_FACTOR_KEY ?? DEV_TWO_FACTOR_KEY,
      /** The development key is in use: the server warns at boot. */
      usesDevelopmentKey: !env.TWO_FACTOR_KEY,
    },
    accountLinks: {
      invitationTtlDays: env.INVITATION_TTL_DAYS,
      passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
      passwordResetMaxPerHour: env.PASSWORD_RESET_MAX_PER_HOUR,
    },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? ({
            driver: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          } as const)
        : ({ driver: 'local', root: path.join(dataDir, 'files') } as const),
    fileSigningSecret: env.FILE_SIGNING_SECRET,
    seedDemo: env.SEED_DEMO,
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE,
          ignoreTLS: env.SMTP_IGNORE_TLS,
          auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
        }
      : undefined,
    mailFrom: env.SMTP_FROM,
    documents: {
      maxUploadBytes: env.DOCUMENTS_MAX_UPLOAD_BYTES,
      maxTemplateBytes: env.DOCUMENTS_MAX_TEMPLATE_BYTES,
      sofficePath: env.SOFFICE_PATH,
      pdfConversionTimeoutMs: env.PDF_CONVERSION_TIMEOUT_SECONDS * 1000,
    },
    uploads: {
      maxBytes: env.UPLOAD_MAX_BYTES,
      stagingDir: env.UPLOAD_STAGING_DIR
        ? path.resolve(baseDir, env.UPLOAD_STAGING_DIR)
        : path.join(dataDir, 'upload-staging'),
    },
    captchaTestMode: env.CAPTCHA_TEST_MODE,
    companies: { maxLogoBytes: env.COMPANY_LOGO_MAX_BYTES },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
        : undefined,
    cases: {
      engine: env.CASE_ENGINE,
      processingAttempts: env.CASE_PROCESSING_ATTEMPTS,
      external: {
        url: env.ENGINE_URL,
        signingSecret: env.ENGINE_SIGNING_SECRET,
        linkSeconds: env.ENGINE_LINK_SECONDS,
        timeoutMinutes: env.ENGINE_TIMEOUT_MINUTES,
        maxResultFileBytes: env.ENGINE_RESULT_MAX_BYTES,
      },
    },
    vies: env.VIES_URL
      ? { url: env.VIES_URL, timeoutMs: env.VIES_TIMEOUT_MS, cacheTtlMs: env.VIES_CACHE_TTL_SECONDS * 1000 }
      : undefined,
  };
}

function parseTrustProxy(value: string): boolean | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value stops the boot with a message naming each variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
