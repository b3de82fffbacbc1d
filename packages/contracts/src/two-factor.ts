import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { isStorableText, passwordSchema, VALIDATION_MESSAGES } from './validation';

/**
 * Two-factor sign-in (TOTP, RFC 6238) of the signed-in user, served by the authentication service
 * (ADR 0033), and the second sign-in step (POST /login/two-factor, AUTH_ROUTES.loginTwoFactor). Kept
 * apart from the root export: zod schemas are not tree-shaken, and the login page's JS has a budget.
 */
export const TWO_FACTOR_ROUTES = {
  status: '/two-factor-status',
  setup: '/setup-two-factor',
  enable: '/enable-two-factor',
  disable: '/disable-two-factor',
  regenerateRecoveryCodes: '/regenerate-recovery-codes',
} as const;

/** POST /login for a user with two-factor sign-in: no tokens yet, a short-lived challenge for the second step. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  /** Signed, short-lived; sent back with the code to POST /login/two-factor. */
  challenge: z.string(),
  /** Seconds the challenge stays valid. */
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** The answer of POST /login: a session, or the challenge of the second step. */
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Spaces and dashes are typing aids (`123 456`, `abcde-fghij`); recovery codes ignore case. */
export const normaliseTwoFactorCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: ten letters and digits (shown as `xxxxx-xxxxx`). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{10}$/;

const codeRequired = VALIDATION_MESSAGES.twoFactorCodeRequired;
const codeOrRecoveryRequired = VALIDATION_MESSAGES.twoFactorCodeOrRecoveryRequired;

/** A code from the authenticator app (six digits). */
export const totpCodeSchema = z
  .string({ error: codeRequired })
  .trim()
  .min(1, codeRequired)
  .max(32, codeRequired)
  .refine((code) => TOTP_CODE_PATTERN.test(normaliseTwoFactorCode(code)), codeRequired);

/** A code from the authenticator app, or one of the user's recovery codes. */
export const twoFactorCodeSchema = z
  .string({ error: codeOrRecoveryRequired })
  .trim()
  .min(1, codeOrRecoveryRequired)
  .max(32, codeOrRecoveryRequired)
  .refine((code) => {
    const normalised = normaliseTwoFactorCode(code);
    return TOTP_CODE_PATTERN.test(normalised) || RECOVERY_CODE_PATTERN.test(normalised);
  }, codeOrRecoveryRequired);

export const loginTwoFactorBodySchema = z.object({
  challenge: z
    .string({ error: 'The sign-in challenge is missing' })
    .min(20)
    .max(4000)
    .refine(isStorableText, VALIDATION_MESSAGES.textUnstorable),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

/** How many one-time recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.iso.datetime().nullable(),
  /** A role of the user requires two-factor sign-in (it then cannot be turned off). */
  required: z.boolean(),
  /** Recovery codes not used yet. */
  recovery_codes_remaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Starting the setup asks for the password again: a borrowed session must not bind its own authenticator. */
export const twoFactorSetupBodySchema = z.object({ password: passwordSchema });
export type TwoFactorSetupBody = z.infer<typeof twoFactorSetupBodySchema>;

/** The new secret, shown this once (never returned again): as a QR code, a URI and the base32 text. */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG image as a data URL. */
  qr_code: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBodySchema>;

/** Recovery codes, shown this once; each signs in once in place of an app code. */
export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Turning two-factor sign-in off and making new recovery codes need the password or a current code. */
export const twoFactorConfirmBodySchema = z
  .object({
    password: z.optional(passwordSchema),
    code: twoFactorCodeSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: VALIDATION_MESSAGES.passwordOrCodeRequired,
    path: ['password'],
  });
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;
