/** Stable error codes. Each maps to exactly one HTTP status. The web translates codes; `message` is the fallback. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  LINK_INVALID: 400,
  LINK_EXPIRED: 400,
  LINK_USED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  INVALID_REFRESH_TOKEN: 401,
  INVALID_TWO_FACTOR_CODE: 401,
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  ACCOUNT_INACTIVE: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  MAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  REQUEST_TOO_LARGE: 431,
  SESSION_EXPIRED: 419,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // Area codes (the web translates them with the answer's `params`).
  API_KEY_NOT_ALLOWED: 403,
  GRANT_NOT_HELD: 403,
  ROLE_ADMIN_ONLY: 403,
  ROLE_HOLDS_MORE: 403,
  USER_HOLDS_MORE: 403,
  ROLE_SELF_SERVICE_ONLY: 400,
  MAIL_LINK_TEMPLATE_ADMIN_ONLY: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Default English messages; the spec's texts where it has them. `{{name}}` is filled from the error's
 * `params` (`errorText`), in the same syntax as the web's translations of the code.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'This form is required to be filled',
  BAD_REQUEST: 'The request is not valid',
  LINK_INVALID: 'This link is not valid (any more). Please ask for a new one.',
  LINK_EXPIRED: 'This link has expired. Please ask for a new one.',
  LINK_USED: 'This link was used already. Please ask for a new one if you still need it.',
  UNAUTHENTICATED: 'You need to relogin',
  INVALID_CREDENTIALS: 'The mail or password is wrong',
  TOKEN_EXPIRED: 'Your session has expired',
  INVALID_REFRESH_TOKEN: 'You need to relogin',
  INVALID_TWO_FACTOR_CODE: 'The code is wrong or was used already',
  TWO_FACTOR_CHALLENGE_EXPIRED: 'The sign-in took too long. Please enter your mail and password again.',
  ACCOUNT_INACTIVE: 'This account is deactivated',
  TWO_FACTOR_SETUP_REQUIRED:
    'Your role requires two-factor sign-in. Set it up in your account settings before you continue.',
  FORBIDDEN: 'You do not have permission to do this',
  NOT_FOUND: 'The record was not found',
  CONFLICT: 'The record was changed meanwhile',
  MAIL_TAKEN: 'This mail address is already registered',
  PAYLOAD_TOO_LARGE: 'The upload is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This file type is not supported',
  RANGE_NOT_SATISFIABLE: 'The requested part of the file does not exist',
  REQUEST_TIMEOUT: 'The request took too long. Please try again.',
  URI_TOO_LONG: 'The address of the request is too long',
  REQUEST_TOO_LARGE: 'The address or the headers of the request are too large',
  SESSION_EXPIRED: 'You need to relogin',
  TOO_MANY_REQUESTS: 'Too many attempts. Please try again later',
  INTERNAL: 'Something went wrong. Please contact support.',
  SERVICE_UNAVAILABLE: 'The service is not available right now',
  API_KEY_NOT_ALLOWED: 'This call needs a signed-in user: it is not open to API keys',
  GRANT_NOT_HELD: 'You cannot grant permissions you do not hold: {{permissions}}',
  ROLE_ADMIN_ONLY: 'Only administrators can change the administrator role',
  ROLE_HOLDS_MORE:
    'This role carries permissions you do not hold ({{permissions}}); only someone who holds them can change it',
  USER_HOLDS_MORE:
    'This user holds permissions you do not hold ({{permissions}}); only someone who holds them can change their sign-in, roles or status',
  ROLE_SELF_SERVICE_ONLY:
    'A role given on registration or open to self-registration can only carry self-service permissions; remove {{permissions}} or the registration flags',
  MAIL_LINK_TEMPLATE_ADMIN_ONLY:
    'Only an administrator may change the templates of mails that carry an account link (invitation, password reset), or assign them other templates',
};

/** Values an error message names (`{{name}}`), carried beside the message as `params`. */
export type ErrorParams = Record<string, string | number>;

/** The English text of a code with its parameters filled in; an unknown parameter stays as written. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export const GENERIC_ERROR_MESSAGE = ERROR_MESSAGES.INTERNAL;
