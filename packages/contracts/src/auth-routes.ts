// No zod here: the web's entry chunk (the sign-in page's first paint) reads these paths (ADR 0110).

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
  /** GET and PUT: the signed-in user's mail preferences (which case mails it receives). */
  mailPreferences: '/mail-preferences',
  logout: '/logout',
  checkAccountLink: '/check-account-link',
  acceptInvitation: '/accept-invitation',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The public keys that verify access tokens (JWK Set), named as `jwks_uri` in the OAuth metadata. */
  jwks: '/jwks.json',
} as const;
