/**
 * The validation rules and messages without zod: the sign-in page's first paint reads them (the web's entry chunk,
 * bench web-size), so this module must not import zod. validation.ts builds the schemas from them (ADR 0110).
 */

/** Spec section 5 and 9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The years a date of any input may fall in: PostgreSQL and JavaScript both hold them, people mean them. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;

export const VALIDATION_MESSAGES = {
  mailRequired: 'The Email field is required',
  mailInvalid: 'The Email field must be a valid email',
  passwordRequired: 'The Password field is required',
  passwordMin: `The Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordMax: `The Password may not be longer than ${PASSWORD_MAX_LENGTH} characters`,
  passwordNumber: 'The Password must contain at least 1 number',
  passwordCapital: 'The Password must contain at least 1 capital letter',
  passwordSpecial: 'The Password must contain at least 1 special character',
  passwordMismatch: 'Password and confirmation must match',
  required: 'This field is required',
  formRequired: 'This form is required to be filled',
  nameRequired: 'The Name field is required',
  fileRequired: 'The File field is required',
  colourHex: 'Choose a colour as #RRGGBB',
  countryRequired: 'Choose a country',
  recordTypesRequired: 'Choose at least one kind of record',
  labelsNothingToChange: 'Choose a flag or tags to set or remove',
  labelsAddAndRemove: 'A tag cannot be added and removed at once',
  // Two-factor sign-in (ADR 0033)
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeOrRecoveryRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  twoFactorCodeWrong: 'The code is wrong or was used already',
  passwordWrong: 'The password is wrong',
  passwordOrCodeRequired: 'Enter your password or a code from your authenticator app',
  // Text and dates of every input (textSchema, dateSchema, dateTimeSchema)
  textUnstorable: 'This text contains a character that cannot be stored (a NUL character or a broken one)',
  dateInvalid: 'Enter a date (YYYY-MM-DD)',
  dateTimeInvalid: 'Enter a date and time',
  dateOrDateTimeInvalid: 'Enter a date (YYYY-MM-DD) or a date and time',
  dateOutOfRange: `Enter a date between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`,
  valueNotStorable: 'A value of this request cannot be stored (a character, number or date out of range)',
} as const;

/** A too long text: the web shows its own translation of `too_big` issues (validation:tooLong). */
export const tooLongMessage = (max: number) => `This field may not be longer than ${max} characters`;
export const tooShortMessage = (min: number) => `This field must be at least ${min} characters long`;

export type PasswordRule = 'min' | 'number' | 'capital' | 'special';

/** The password rules that a password breaks, in the order the web lists them. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) broken.push('min');
  if (!/[0-9]/.test(password)) broken.push('number');
  if (!/\p{Lu}/u.test(password)) broken.push('capital');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) broken.push('special');
  return broken;
}

/**
 * What PostgreSQL `text` cannot store: NUL, and lone UTF-16 surrogates (no Unicode character at all;
 * the drivers would silently turn them into U+FFFD). Every other character, RTL marks and emoji too, is fine.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u;
export const isStorableText = (value: string) => !UNSTORABLE_TEXT.test(value);
