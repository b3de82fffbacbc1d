import { z } from 'zod';
import { languageCodeSchema, partnerTypeSchema } from './auth';
import { authListQuerySchema, idSchema } from './common';
import { defineErrors } from './errors';
import { authPermission, PERMISSION_SCOPES, type TitlesOf } from './permissions';
import { dateTimeSchema, mailSchema, newPasswordSchema, textSchema, VALIDATION_MESSAGES } from './validation';

/**
 * Identity administration calls of the authentication service (spec section 7). Record ids travel
 * as `?id=` on GET by-id calls and as `{ id, … }` in POST bodies (ADR 0031).
 */
export const IDENTITY_ROUTES = {
  listUsers: '/list-users',
  listUserById: '/list-user-by-id',
  updateUser: '/update-user',
  deleteUser: '/delete-user',
  resendInvitation: '/resend-invitation',
  listRoles: '/list-roles',
  listRoleById: '/list-role-by-id',
  createRole: '/create-role',
  updateRole: '/update-role',
  deleteRole: '/delete-role',
  listPermissionById: '/list-permission-by-id',
  createPermission: '/create-permission',
  updatePermission: '/update-permission',
  deletePermission: '/delete-permission',
  listGroupings: '/list-groupings',
  listApiTokens: '/list-api-tokens',
  listApiTokenById: '/list-api-token-by-id',
  createApiToken: '/create-api-token',
  updateApiToken: '/update-api-token',
  rotateApiToken: '/rotate-api-token',
  revokeApiToken: '/revoke-api-token',
  deleteApiToken: '/delete-api-token',
  token: '/token',
  listSessions: '/list-sessions',
  signOutOtherSessions: '/sign-out-other-sessions',
  signOutSession: '/sign-out-session',
} as const;

export const idQuerySchema = z.object({ id: idSchema });
export const idBodySchema = z.object({ id: z.uuid({ error: VALIDATION_MESSAGES.required }) });

const required = (max: number) => textSchema(max, { required: true });
const optionalText = (max: number) => textSchema(max).nullable().optional();
/** A machine name: lower-case letters, digits and dashes (role names, permission titles and values). */
const slug = (max: number) =>
  required(max).regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes only');

export const timezoneSchema = textSchema(64, { trim: false }).refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone');

const sortDir = z.enum(['asc', 'desc']).default('asc');

// Users

export const USER_SORT_FIELDS = [
  'mail',
  'first_name',
  'last_name',
  'company_name',
  'last_login',
  'created_at',
] as const;
export const listUsersQuerySchema = authListQuerySchema.extend({
  sort_by: z.enum(USER_SORT_FIELDS).default('created_at'),
  sort_dir: sortDir,
  /** Only the users of this company (one the caller may see; another answers 404). */
  company_id: z.uuid().optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** invited: created without a password, the invitation not accepted yet; inactive: deactivated (ADR 0034). */
export const USER_STATUSES = ['active', 'invited', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userRecordSchema = z.object({
  id: z.uuid(),
  mail: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  contact_language: languageCodeSchema,
  timezone: z.string(),
  last_login: z.iso.datetime().nullable(),
  is_active: z.boolean(),
  status: z.enum(USER_STATUSES),
  /** When the latest invitation was sent; null for users who never were invited. */
  invited_at: z.iso.datetime().nullable(),
  company_id: z.uuid(),
  company_name: z.string(),
  roles: z.array(z.string()),
  /** Signs in with a code from an authenticator app (ADR 0033). */
  two_factor_enabled: z.boolean(),
  created_at: z.iso.datetime(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const updateUserBodySchema = z.object({
  id: z.uuid({ error: VALIDATION_MESSAGES.required }),
  mail: z.optional(mailSchema),
  password: newPasswordSchema.optional(),
  first_name: optionalText(100),
  last_name: optionalText(100),
  phone: optionalText(40),
  mobile: optionalText(40),
  contact_language: languageCodeSchema.optional(),
  timezone: timezoneSchema.optional(),
  roles: z.array(textSchema(64)).max(20).optional(),
  is_active: z.boolean().optional(),
  /** Turns the user's two-factor sign-in off (lost phone): they sign in with the password and may set it up again. */
  reset_two_factor: z.boolean().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

// Roles

export const ROLE_SORT_FIELDS = ['name', 'title', 'priority', 'created_at'] as const;
export const listRolesQuerySchema = authListQuerySchema.extend({
  sort_by: z.enum(ROLE_SORT_FIELDS).default('priority'),
  sort_dir: sortDir,
});
export type ListRolesQuery = z.infer<typeof listRolesQuerySchema>;

export const roleRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  partner_type: partnerTypeSchema.nullable(),
  can_register: z.boolean(),
  can_edit_commissions: z.boolean(),
  assign_on_registration: z.boolean(),
  priority: z.number().int(),
  /** Users of this role must sign in with two factors; without them set up they can only set them up. */
  require_two_factor: z.boolean(),
  /** Permission titles the role grants. */
  permissions: z.array(z.string()),
  user_count: z.number().int(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const roleFieldsSchema = z.object({
  name: slug(64),
  title: required(120),
  partner_type: partnerTypeSchema.nullable().optional(),
  can_register: z.boolean().optional(),
  can_edit_commissions: z.boolean().optional(),
  assign_on_registration: z.boolean().optional(),
  require_two_factor: z.boolean().optional(),
  priority: z.number().int().min(0).max(1000).optional(),
  permissions: z.array(textSchema(64)).max(500).optional(),
});
export const createRoleBodySchema = roleFieldsSchema;
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;
export const updateRoleBodySchema = roleFieldsSchema.partial().extend({ id: z.uuid() });
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

// Permissions

export const PERMISSION_SORT_FIELDS = ['title', 'value', 'scope', 'grouping'] as const;
export const listPermissionsQuerySchema = authListQuerySchema.extend({
  sort_by: z.enum(PERMISSION_SORT_FIELDS).default('scope'),
  sort_dir: sortDir,
});

export const permissionRecordSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  value: z.string(),
  scope: z.string(),
  grouping: z.string().nullable(),
  /** Part of the built-in catalogue: cannot be renamed or deleted. */
  built_in: z.boolean(),
});
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

export const permissionFieldsSchema = z.object({
  title: slug(64),
  value: slug(64),
  scope: z.enum(PERMISSION_SCOPES, { error: VALIDATION_MESSAGES.required }),
  grouping: textSchema(64).nullable().optional(),
});
export const createPermissionBodySchema = permissionFieldsSchema;
export type CreatePermissionBody = z.infer<typeof createPermissionBodySchema>;
export const updatePermissionBodySchema = permissionFieldsSchema.partial().extend({ id: z.uuid() });
export type UpdatePermissionBody = z.infer<typeof updatePermissionBodySchema>;

export const groupingListSchema = z.object({
  data: z.array(z.object({ grouping: z.string(), count: z.number().int() })),
  count: z.number().int(),
});

// API keys

export const API_TOKEN_SORT_FIELDS = ['name', 'client_id', 'expires_at', 'last_used_at', 'created_at'] as const;
export const listApiTokensQuerySchema = authListQuerySchema.extend({
  sort_by: z.enum(API_TOKEN_SORT_FIELDS).default('created_at'),
  sort_dir: sortDir,
});
export type ListApiTokensQuery = z.infer<typeof listApiTokensQuerySchema>;

export const apiTokenStatusSchema = z.enum(['active', 'expired', 'revoked']);
export const apiTokenRecordSchema = z.object({
  id: z.uuid(),
  client_id: z.string(),
  name: z.string(),
  owner_id: z.uuid(),
  owner_mail: z.string(),
  company_id: z.uuid(),
  scopes: z.array(z.string()),
  expires_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  status: apiTokenStatusSchema,
});
export type ApiTokenRecord = z.infer<typeof apiTokenRecordSchema>;

const futureDate = dateTimeSchema.refine(
  (value) => new Date(value).getTime() > Date.now(),
  'The expiry must be in the future',
);

export const createApiTokenBodySchema = z.object({
  name: required(120),
  scopes: z.array(textSchema(64)).min(1, 'Choose at least one scope').max(100),
  expires_at: futureDate.nullable().optional(),
  /** Staff and company administrators may create a key for another user they can see; default: themselves. */
  owner_id: z.uuid().optional(),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

export const updateApiTokenBodySchema = z.object({
  id: z.uuid(),
  name: required(120).optional(),
  scopes: z.array(textSchema(64)).min(1, 'Choose at least one scope').max(100).optional(),
  expires_at: futureDate.nullable().optional(),
});
export type UpdateApiTokenBody = z.infer<typeof updateApiTokenBodySchema>;

/** Answer of create and rotate: the only time the secret is ever shown. */
export const apiTokenSecretResponseSchema = z.object({
  message: z.string(),
  data: apiTokenRecordSchema,
  client_secret: z.string(),
});
export type ApiTokenSecretResponse = z.infer<typeof apiTokenSecretResponseSchema>;

/** POST /auth/token: OAuth 2 client credentials grant (RFC 6749 section 4.4). */
export const tokenRequestSchema = z.object({
  grant_type: textSchema(200, { required: 'grant_type is required', trim: false }),
  client_id: textSchema(200, { trim: false }).optional(),
  client_secret: textSchema(200, { trim: false }).optional(),
  /** Space-separated subset of the key's scopes; default all of them. */
  scope: textSchema(4000, { trim: false }).optional(),
});
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
/** OAuth errors carry RFC 6749's `error` and `error_description` beside this API's error shape. */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});

// Sessions (account security)

export const sessionRecordSchema = z.object({
  id: z.uuid(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** The roles' refusals: permissions a caller cannot grant or change (`params.permissions` names them). */
export const ROLE_ERRORS = defineErrors({
  GRANT_NOT_HELD: { status: 403, message: 'You cannot grant permissions you do not hold: {{permissions}}' },
  ROLE_ADMIN_ONLY: { status: 403, message: 'Only administrators can change the administrator role' },
  ROLE_HOLDS_MORE: {
    status: 403,
    message:
      'This role carries permissions you do not hold ({{permissions}}); only someone who holds them can change it',
  },
  ROLE_SELF_SERVICE_ONLY: {
    status: 400,
    message:
      'A role given on registration or open to self-registration can only carry self-service permissions; remove {{permissions}} or the registration flags',
  },
});

/** The users' refusals. */
export const USER_ERRORS = defineErrors({
  USER_HOLDS_MORE: {
    status: 403,
    message:
      'This user holds permissions you do not hold ({{permissions}}); only someone who holds them can change their sign-in, roles or status',
  },
});

declare module './errors' {
  interface AreaErrors {
    roles: typeof ROLE_ERRORS;
    users: typeof USER_ERRORS;
  }
}

/** The users area: its entries of the permission catalogue. */
export const USER_PERMISSION_CATALOGUE = [
  authPermission('list-users', 'users'),
  authPermission('create-user', 'users'),
  authPermission('update-user', 'users'),
  authPermission('delete-user', 'users'),
] as const;

/** The roles area: its entries of the permission catalogue. */
export const ROLE_PERMISSION_CATALOGUE = [
  authPermission('list-roles', 'roles'),
  authPermission('create-role', 'roles'),
  authPermission('update-role', 'roles'),
  authPermission('delete-role', 'roles'),
] as const;

/** The permissions area (the records of the catalogue and their groupings): its entries of the permission catalogue. */
export const PERMISSION_RECORD_PERMISSION_CATALOGUE = [
  authPermission('list-permissions', 'permissions'),
  authPermission('create-permission', 'permissions'),
  authPermission('update-permission', 'permissions'),
  authPermission('delete-permission', 'permissions'),
  authPermission('list-groupings', 'permissions'),
] as const;

/** The API keys area: its entries of the permission catalogue. */
export const API_KEY_PERMISSION_CATALOGUE = [
  authPermission('list-api-tokens', 'api-keys'),
  authPermission('create-api-token', 'api-keys'),
  authPermission('update-api-token', 'api-keys'),
  authPermission('delete-api-token', 'api-keys'),
] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof USER_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof ROLE_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof PERMISSION_RECORD_PERMISSION_CATALOGUE> {}
  interface PermissionTitles extends TitlesOf<typeof API_KEY_PERMISSION_CATALOGUE> {}
}
