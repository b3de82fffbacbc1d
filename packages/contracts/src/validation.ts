import { z } from 'zod';

/** Spec section 5 and 9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

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
  recordTypesRequired: 'Choose at least one kind of record',
  labelsNothingToChange: 'Choose a flag or tags to set or remove',
  labelsAddAndRemove: 'A tag cannot be added and removed at once',
  // Two-factor sign-in (ADR 0033)
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorCodeOrRecoveryRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  twoFactorCodeWrong: 'The code is wrong or was used already',
  passwordWrong: 'The password is wrong',
  passwordOrCodeRequired: 'Enter your password or a code from your authenticator app',
} as const;

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

const passwordRuleMessage: Record<PasswordRule, string> = {
  min: VALIDATION_MESSAGES.passwordMin,
  number: VALIDATION_MESSAGES.passwordNumber,
  capital: VALIDATION_MESSAGES.passwordCapital,
  special: VALIDATION_MESSAGES.passwordSpecial,
};

export const mailSchema = z
  .string({ error: VALIDATION_MESSAGES.mailRequired })
  .trim()
  .min(1, VALIDATION_MESSAGES.mailRequired)
  .max(254, VALIDATION_MESSAGES.mailInvalid)
  .pipe(z.email({ error: VALIDATION_MESSAGES.mailInvalid }))
  .transform((mail) => mail.toLowerCase());

/** A password that meets the policy (for new passwords). */
export const newPasswordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordMax)
  .superRefine((password, ctx) => {
    for (const rule of brokenPasswordRules(password)) {
      ctx.addIssue({ code: 'custom', message: passwordRuleMessage[rule] });
    }
  });

/** Any password (for sign-in: the policy may have changed since it was set). */
export const passwordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordMax);
