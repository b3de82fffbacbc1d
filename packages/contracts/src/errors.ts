/** One error code's HTTP status (each code maps to exactly one) and default English message. */
export type ErrorDeclaration = { readonly status: number; readonly message: string };

/** Error codes by name, as an area or the general table declares them. */
export type ErrorDeclarations = Readonly<Record<string, ErrorDeclaration>>;

/**
 * Declares error codes, each with its status and default English message (the spec's texts where it has them).
 * `{{name}}` in a message is filled from the error's `params` (`errorText`), in the same syntax as the web's
 * translations of the code; a param named `context` picks the web's variant of the text (`<CODE>_<context>`,
 * i18next's context) and the English text names it as a word. The web translates codes; `message` is the fallback.
 *
 * An area declares its codes in its own contracts file, registers the declaration's type in `AreaErrors` there,
 * and hands it to its server module (`defineModule({ errors })`), which answers with them. Marked free of side
 * effects, so that the web's bundles drop the declarations they do not read.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineErrors<const E extends ErrorDeclarations>(errors: E): E {
  return errors;
}

/**
 * The fallback text of an unexpected error: a literal of its own (not read from `GENERAL_ERRORS`), so that the
 * web's login bundle takes this one text without the whole table of messages.
 */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please contact support.';

/** The codes no single area owns: validation, sign-in and the HTTP statuses every route can answer. */
export const GENERAL_ERRORS = defineErrors({
  VALIDATION_FAILED: { status: 400, message: 'This form is required to be filled' },
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  LINK_INVALID: { status: 400, message: 'This link is not valid (any more). Please ask for a new one.' },
  LINK_EXPIRED: { status: 400, message: 'This link has expired. Please ask for a new one.' },
  LINK_USED: { status: 400, message: 'This link was used already. Please ask for a new one if you still need it.' },
  UNAUTHENTICATED: { status: 401, message: 'You need to relogin' },
  INVALID_CREDENTIALS: { status: 401, message: 'The mail or password is wrong' },
  TOKEN_EXPIRED: { status: 401, message: 'Your session has expired' },
  INVALID_REFRESH_TOKEN: { status: 401, message: 'You need to relogin' },
  INVALID_TWO_FACTOR_CODE: { status: 401, message: 'The code is wrong or was used already' },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 401,
    message: 'The sign-in took too long. Please enter your mail and password again.',
  },
  ACCOUNT_INACTIVE: { status: 403, message: 'This account is deactivated' },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    message: 'Your role requires two-factor sign-in. Set it up in your account settings before you continue.',
  },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  NOT_FOUND: { status: 404, message: 'The record was not found' },
  CONFLICT: { status: 409, message: 'The record was changed meanwhile' },
  MAIL_TAKEN: { status: 409, message: 'This mail address is already registered' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not supported' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested part of the file does not exist' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long. Please try again.' },
  URI_TOO_LONG: { status: 414, message: 'The address of the request is too long' },
  REQUEST_TOO_LARGE: { status: 431, message: 'The address or the headers of the request are too large' },
  SESSION_EXPIRED: { status: 419, message: 'You need to relogin' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Please try again later' },
  INTERNAL: { status: 500, message: GENERIC_ERROR_MESSAGE },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not available right now' },
  API_KEY_NOT_ALLOWED: { status: 403, message: 'This call needs a signed-in user: it is not open to API keys' },
});

/**
 * Each area's error declarations by area name, added by the area's contracts file:
 * `declare module './errors' { interface AreaErrors { <area>: typeof <AREA>_ERRORS } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each area's declaration merging
export interface AreaErrors {}

/** A code no single area owns. */
export type GeneralErrorCode = keyof typeof GENERAL_ERRORS;

/** Every error code: the general ones and each area's. A code no area declares does not compile. */
export type ErrorCode =
  | GeneralErrorCode
  | { [Area in keyof AreaErrors]: keyof AreaErrors[Area] & string }[keyof AreaErrors];

/** Values an error message names (`{{name}}`), carried beside the message as `params`. */
export type ErrorParams = Record<string, string | number>;

/** A message with its parameters filled in; an unknown parameter stays as written. */
export function errorText(message: string, params: ErrorParams = {}): string {
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
