import { z } from 'zod';
import { TWO_FACTOR_MESSAGES, totpCodeSchema, twoFactorCodeSchema } from './auth';
import { passwordSchema } from './validation';

/**
 * Two-factor sign-in (TOTP, RFC 6238) of the signed-in user, served by the authentication service
 * (ADR 0033). The second sign-in step itself is POST /login/two-factor (AUTH_ROUTES.loginTwoFactor).
 */
export const TWO_FACTOR_ROUTES = {
  status: '/two-factor-status',
  setup: '/setup-two-factor',
  enable: '/enable-two-factor',
  disable: '/disable-two-factor',
  regenerateRecoveryCodes: '/regenerate-recovery-codes',
} as const;

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
    password: passwordSchema.optional(),
    code: twoFactorCodeSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: TWO_FACTOR_MESSAGES.passwordOrCodeRequired,
    path: ['password'],
  });
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;
