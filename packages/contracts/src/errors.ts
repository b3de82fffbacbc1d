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
  // Companies, units, CRM, flags, registration, assignments (ADR 0038). A param named `context` picks the
  // web's variant of the text (`<CODE>_<context>`, i18next's context); the English text names it as a word.
  COMPANY_PARTNER_NOT_FOUND: 400,
  COMPANY_OWN_PARTNER: 400,
  COMPANY_PARTNER_CYCLE: 400,
  COMPANY_OUT_OF_REACH: 400,
  COMPANY_NUMBER_FROM_BACK_OFFICE: 400,
  COMPANY_NUMBER_TAKEN: 409,
  COMPANY_OWN_PARTNERS_BACK_OFFICE: 403,
  COMPANY_OPERATOR_NOT_DELETABLE: 409,
  COMPANY_OWN_NOT_DELETABLE: 409,
  COMPANY_HAS_DEPENDANTS: 409,
  COMPANY_LOGO_NOT_AN_IMAGE: 400,
  COMPANY_LOGO_TYPE_MISMATCH: 400,
  COMPANY_LOGO_SVG_EMPTY: 400,
  UNIT_COMPANY_NOT_FOUND: 400,
  UNIT_PARENT_NOT_FOUND: 400,
  UNIT_PARENT_CYCLE: 400,
  UNIT_MEMBER_OTHER_COMPANY: 400,
  NOTE_AUTHOR_ONLY: 403,
  ACTIVITY_AUTHOR_ONLY: 403,
  ACTIVITY_ASSIGNEE_NOT_FOUND: 400,
  FLAG_NAME_TAKEN: 409,
  FLAG_NAME_REPEATED: 409,
  FLAG_KIND_IN_USE: 409,
  FLAG_IN_USE: 409,
  FLAG_NOT_FOUND: 400,
  FLAG_NOT_APPLICABLE: 400,
  REGISTRATION_COUNTRY_CLOSED: 400,
  VAT_ID_REQUIRED: 400,
  VAT_ID_INVALID: 400,
  VAT_ID_UNKNOWN: 400,
  CAPTCHA_WRONG: 400,
  REGISTRATION_ROLE_NOT_FOUND: 400,
  ROLE_NOT_REGISTRABLE: 400,
  DOCUMENT_TEMPLATE_NOT_FOUND: 404,
  MAIL_TEMPLATE_NOT_FOUND: 404,
  // Cases and credits (spec section 8).
  NOT_ENOUGH_CREDITS: 402,
  NOT_ENOUGH_CREDITS_TO_RECALCULATE: 402,
  CREDIT_BALANCE_TOO_LOW: 409,
  CREDIT_ALREADY_REFUNDED: 409,
  CREDIT_GRANT_STAFF_ONLY: 403,
  CASE_LOCKED: 423,
  // Packages, country packages and country credits.
  PACKAGE_NOT_FOUND: 400,
  COUNTRY_PACKAGE_TAKEN: 409,
  COUNTRY_CREDIT_TAKEN: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Default English messages; the spec's texts where it has them. `{{name}}` is filled from the error's
 * `params` (`errorText`), in the same syntax as the web's translations of the code.
 */
/**
 * The fallback text of an unexpected error: a literal of its own (not read from `ERROR_MESSAGES`), so that the
 * web's login bundle takes this one text without the whole table of messages.
 */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please contact support.';

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
  INTERNAL: GENERIC_ERROR_MESSAGE,
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
  COMPANY_PARTNER_NOT_FOUND: 'The partner company was not found',
  COMPANY_OWN_PARTNER: 'A company cannot be its own partner',
  COMPANY_PARTNER_CYCLE: 'This reseller is below the company in the partner hierarchy',
  COMPANY_OUT_OF_REACH: 'The company must stay below your company in the partner hierarchy',
  COMPANY_NUMBER_FROM_BACK_OFFICE:
    'Company numbers are given by the back office. Leave the field empty and the next free number is given.',
  COMPANY_NUMBER_TAKEN: 'This company number is already taken',
  COMPANY_OWN_PARTNERS_BACK_OFFICE: "Your own company's partners can only be changed by the back office",
  COMPANY_OPERATOR_NOT_DELETABLE: "The operator's own company cannot be deleted",
  COMPANY_OWN_NOT_DELETABLE: 'You cannot delete your own company',
  COMPANY_HAS_DEPENDANTS:
    'This company is still the partner of other companies ({{companies}}: {{resellers}} as reseller, {{sales_partners}} as sales partner, {{service_partners}} as service partner). Assign them another partner first.',
  COMPANY_LOGO_NOT_AN_IMAGE: 'The logo must be a PNG, JPEG or SVG image',
  COMPANY_LOGO_TYPE_MISMATCH: 'The file content does not match its file type',
  COMPANY_LOGO_SVG_EMPTY: 'The SVG has no drawing left after removing unsafe content',
  UNIT_COMPANY_NOT_FOUND: 'The company was not found',
  UNIT_PARENT_NOT_FOUND: 'The parent unit was not found',
  UNIT_PARENT_CYCLE: 'A unit cannot be placed below itself',
  UNIT_MEMBER_OTHER_COMPANY: 'Only users of the same company can belong to a unit',
  NOTE_AUTHOR_ONLY: 'Only the author can {{context}} this note',
  ACTIVITY_AUTHOR_ONLY: 'Only the author can {{context}} this activity',
  ACTIVITY_ASSIGNEE_NOT_FOUND: 'The user was not found',
  FLAG_NAME_TAKEN: 'A {{context}} named "{{name}}" already exists',
  FLAG_NAME_REPEATED: '"{{name}}" is already in the list (item {{item}})',
  FLAG_KIND_IN_USE: 'This {{context}} is set on {{records}}; remove it there before making it a {{kind}}',
  FLAG_IN_USE: 'This {{context}} is set on {{records}}; remove it there first',
  FLAG_NOT_FOUND: 'The {{context}} was not found',
  FLAG_NOT_APPLICABLE: '{{label}} "{{name}}" does not apply to {{records}}',
  REGISTRATION_COUNTRY_CLOSED: 'Registration is not open for this country',
  VAT_ID_REQUIRED: 'A VAT id is required for this country',
  VAT_ID_INVALID: 'The VAT id is not valid',
  VAT_ID_UNKNOWN: 'The VAT id is not valid: VIES does not know it',
  CAPTCHA_WRONG: 'The captcha answer is wrong or expired. Please try the new image.',
  REGISTRATION_ROLE_NOT_FOUND: 'The role was not found',
  ROLE_NOT_REGISTRABLE: 'This role cannot be given on registration: it is not flagged "can register"',
  DOCUMENT_TEMPLATE_NOT_FOUND: 'The template was not found',
  MAIL_TEMPLATE_NOT_FOUND: 'The mail template was not found',
  NOT_ENOUGH_CREDITS: 'Not enough credits',
  NOT_ENOUGH_CREDITS_TO_RECALCULATE: 'You do not have enough credits to recalculate the case',
  CREDIT_BALANCE_TOO_LOW: 'The company holds only {{balance}} {{credit_type}} credits: {{amount}} cannot be taken',
  CREDIT_ALREADY_REFUNDED: 'These credits were refunded already',
  CREDIT_GRANT_STAFF_ONLY: 'Only the back office can grant or correct credits',
  CASE_LOCKED: 'This case is locked and cannot be changed until it is unlocked',
  PACKAGE_NOT_FOUND: 'The package was not found',
  COUNTRY_PACKAGE_TAKEN: 'This package already has a price for {{country}}',
  COUNTRY_CREDIT_TAKEN: 'The tooth costs of {{country}} are already set',
};

/** Values an error message names (`{{name}}`), carried beside the message as `params`. */
export type ErrorParams = Record<string, string | number>;

/** The English text of a code with its parameters filled in; an unknown parameter stays as written. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
