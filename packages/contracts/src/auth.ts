import { z } from 'zod';
import { LANGUAGE_CODES } from './i18n';
import { PERMISSION_SCOPES } from './permissions';
import { mailSchema, newPasswordSchema, passwordSchema } from './validation';

export const PARTNER_TYPES = [
  'reseller',
  'sales-partner',
  'service-partner',
  'end-user',
  'commercial-agent',
  'affiliate',
] as const;
export const partnerTypeSchema = z.enum(PARTNER_TYPES);
export type PartnerType = z.infer<typeof partnerTypeSchema>;

export const languageCodeSchema = z.enum(LANGUAGE_CODES);

export const loginBodySchema = z.object({ mail: mailSchema, password: passwordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({ mail: mailSchema, password: newPasswordSchema });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const userProfileSchema = z.object({
  id: z.uuid(),
  mail: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  contact_language: languageCodeSchema,
  timezone: z.string(),
  last_login: z.iso.datetime().nullable(),
  company_id: z.uuid(),
  company_name: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const tokenInfoSchema = z.object({
  roles: z.array(z.string()),
  /** Values the user holds, per scope. */
  permissions: z.record(z.string(), z.array(z.string())),
  company_id: z.uuid(),
  scopes: z.array(z.enum(PERMISSION_SCOPES)),
  user_id: z.uuid(),
  /** Partner types of the user's roles (reseller, end-user, …). */
  types: z.array(partnerTypeSchema),
  user: userProfileSchema,
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  /**
   * A role of the user requires two-factor sign-in and the user has not set it up: every call but
   * the two-factor setup, the profile and the token refresh answers 403 TWO_FACTOR_SETUP_REQUIRED.
   */
  two_factor_setup_required: z.boolean(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  token_info: tokenInfoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

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

export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'two_factor_required' in answer && answer.two_factor_required === true;

/** Messages of two-factor sign-in's fields (the web translates them like VALIDATION_MESSAGES). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeOrRecoveryRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  codeWrong: 'The code is wrong or was used already',
  passwordWrong: 'The password is wrong',
  passwordOrCodeRequired: 'Enter your password or a code from your authenticator app',
} as const;

/** Spaces and dashes are typing aids (`123 456`, `abcde-fghij`); recovery codes ignore case. */
export const normaliseTwoFactorCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: ten letters and digits (shown as `xxxxx-xxxxx`). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{10}$/;

/** A code from the authenticator app (six digits). */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(32, TWO_FACTOR_MESSAGES.codeRequired)
  .refine((code) => TOTP_CODE_PATTERN.test(normaliseTwoFactorCode(code)), TWO_FACTOR_MESSAGES.codeRequired);

/** A code from the authenticator app, or one of the user's recovery codes. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeOrRecoveryRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeOrRecoveryRequired)
  .max(32, TWO_FACTOR_MESSAGES.codeOrRecoveryRequired)
  .refine((code) => {
    const normalised = normaliseTwoFactorCode(code);
    return TOTP_CODE_PATTERN.test(normalised) || RECOVERY_CODE_PATTERN.test(normalised);
  }, TWO_FACTOR_MESSAGES.codeOrRecoveryRequired);

export const loginTwoFactorBodySchema = z.object({
  challenge: z.string({ error: 'The sign-in challenge is missing' }).min(20).max(4000),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

export const refreshBodySchema = z.object({ refresh_token: z.string().min(20).max(200) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const logoutBodySchema = refreshBodySchema;

export const permissionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  value: z.string(),
  scope: z.string(),
  grouping: z.string().nullable(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const updateProfileBodySchema = z.object({
  first_name: z.string().trim().max(100).nullable().optional(),
  last_name: z.string().trim().max(100).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  mobile: z.string().trim().max(40).nullable().optional(),
  contact_language: languageCodeSchema.optional(),
  timezone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone')
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  current_password: passwordSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Wire contracts of the authentication service's own account calls (not named by the spec). */
export const AUTH_ROUTES = {
  login: '/login',
  loginTwoFactor: '/login/two-factor',
  refreshToken: '/refresh-token',
  createUser: '/create-user',
  listPermissions: '/list-permissions',
  profile: '/profile',
  updateProfile: '/update-profile',
  changePassword: '/change-password',
} as const;

/**
 * POST /create-user. Without a session it is self-registration (mail and password; a new company is
 * made for the user). With a session and `create-user`, an administrator creates a user and may set
 * names, roles and (staff only) the company.
 */
export const createUserBodySchema = registerBodySchema.extend({
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  contact_language: languageCodeSchema.optional(),
  phone: z.string().trim().max(40).optional(),
  mobile: z.string().trim().max(40).optional(),
  roles: z.array(z.string().max(64)).max(20).optional(),
  company_id: z.uuid().optional(),
  is_active: z.boolean().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const createUserResponseSchema = z.object({ message: z.string(), user_id: z.uuid() });
