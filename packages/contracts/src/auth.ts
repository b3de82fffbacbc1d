import { z } from 'zod';
import { LANGUAGE_CODES } from './i18n';
import { PERMISSION_SCOPES } from './permissions';
import {
  isStorableText,
  mailSchema,
  newPasswordSchema,
  passwordSchema,
  textSchema,
  VALIDATION_MESSAGES,
} from './validation';

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

// zod/mini, for the web's sign-in page (ADR 0110).
export { type LoginBody, loginBodySchema } from './sign-in';

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

/**
 * GET /auth/jwks.json: the public keys that verify access tokens, as a JWK Set (RFC 7517; Ed25519 keys
 * per RFC 8037): the current signing key first, then the retired keys whose tokens may still be live.
 */
export const jsonWebKeySetSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      /** The public key, base64url. */
      x: z.string(),
      /** The id a token names in its header. */
      kid: z.string(),
      alg: z.literal('EdDSA'),
      use: z.literal('sig'),
    }),
  ),
});
export type JsonWebKeySet = z.infer<typeof jsonWebKeySetSchema>;

export const refreshBodySchema = z.object({ refresh_token: textSchema(200, { min: 20, trim: false }) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/**
 * POST /logout ends one session at once (ADR 0006). With a user's access token it is the token's
 * session; without one (the access token may have expired) the refresh token names it. Both given
 * must name the same session. No body at all (null to the server) is fine with an access token.
 */
export const logoutBodySchema = z.object({ refresh_token: refreshBodySchema.shape.refresh_token.optional() }).nullish();
export type LogoutBody = z.infer<typeof logoutBodySchema>;

/** Messages of the sign-out calls that API clients read (the web translates the codes). */
export const SESSION_MESSAGES = {
  signedOut: 'You are signed out',
  sessionEnded: 'The session was signed out',
  refreshTokenOfAnotherSession: 'The refresh token belongs to another session than the access token',
} as const;

export const permissionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  value: z.string(),
  scope: z.string(),
  grouping: z.string().nullable(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const updateProfileBodySchema = z.object({
  first_name: textSchema(100).nullable().optional(),
  last_name: textSchema(100).nullable().optional(),
  phone: textSchema(40).nullable().optional(),
  mobile: textSchema(40).nullable().optional(),
  contact_language: languageCodeSchema.optional(),
  timezone: textSchema(64, { trim: false })
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

// AUTH_ROUTES: auth-routes.ts, without zod (the web's entry chunk reads it; ADR 0110).
export { AUTH_ROUTES } from './auth-routes';

/**
 * POST /create-user. Without a session it is self-registration (mail and password; a new company is
 * made for the user). With a session and `create-user`, an administrator creates a user and may set
 * names, roles and (staff only) the company. An administrator may leave the password out: the user is
 * then invited by mail and sets the password through the link (ADR 0034).
 */
export const createUserBodySchema = registerBodySchema.extend({
  password: newPasswordSchema.optional(),
  first_name: textSchema(100).optional(),
  last_name: textSchema(100).optional(),
  contact_language: languageCodeSchema.optional(),
  phone: textSchema(40).optional(),
  mobile: textSchema(40).optional(),
  roles: z.array(textSchema(64)).max(20).optional(),
  company_id: z.uuid().optional(),
  is_active: z.boolean().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const createUserResponseSchema = z.object({
  message: z.string(),
  user_id: z.uuid(),
  /** The invitation link, answered only while no SMTP server is configured (the mail then reaches nobody; ADR 0034). */
  invitation_url: z.string().optional(),
});
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

// Invitations and password reset (ADR 0034)

/** What a mailed account link is for. */
export const ACCOUNT_LINK_PURPOSES = ['invitation', 'password-reset'] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/** The secret of an invitation or password-reset link (`?token=` of the page's address). */
export const accountLinkTokenSchema = z
  .string({ error: 'The link is incomplete' })
  .refine(isStorableText, { message: VALIDATION_MESSAGES.textUnstorable, abort: true })
  .trim()
  .min(20, 'The link is incomplete')
  .max(200, 'The link is not valid');

export const invitationResponseSchema = z.object({
  message: z.string(),
  /** As in the create-user answer: only while no SMTP server is configured. */
  invitation_url: z.string().optional(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

export const checkAccountLinkBodySchema = z.object({ token: accountLinkTokenSchema });
export type CheckAccountLinkBody = z.infer<typeof checkAccountLinkBodySchema>;
/** A link that can still be used: whom it is for and until when. */
export const accountLinkInfoSchema = z.object({
  purpose: z.enum(ACCOUNT_LINK_PURPOSES),
  mail: z.string(),
  expires_at: z.iso.datetime(),
});
export type AccountLinkInfo = z.infer<typeof accountLinkInfoSchema>;

/** POST /accept-invitation and POST /reset-password: the link's token and the new password. */
export const setPasswordWithLinkBodySchema = z.object({ token: accountLinkTokenSchema, password: newPasswordSchema });
export type SetPasswordWithLinkBody = z.infer<typeof setPasswordWithLinkBodySchema>;

export const forgotPasswordBodySchema = z.object({ mail: mailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
