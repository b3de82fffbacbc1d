// zod/mini, not zod: the web's sign-in page checks its form with these before the first request, and that page's
// JS has a budget (bench web-size, ADR 0110); full zod's methods weigh about 25 kB gzipped there. The checks are
// zod's own (zod/mini and zod share their core): full-zod schemas take these like any other, as `z.object` fields,
// in `z.array` or `z.optional(…)`; what they cannot do is chain (`mailSchema.optional()`).
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES } from './validation-rules';

/** A mail address, trimmed and lower-cased. */
export const mailSchema = z.pipe(
  z.pipe(
    z
      .string({ error: VALIDATION_MESSAGES.mailRequired })
      .check(
        z.trim(),
        z.minLength(1, VALIDATION_MESSAGES.mailRequired),
        z.maxLength(254, VALIDATION_MESSAGES.mailInvalid),
      ),
    z.email({ error: VALIDATION_MESSAGES.mailInvalid }),
  ),
  z.transform((mail: string) => mail.toLowerCase()),
);

/** Any password (for sign-in: the policy may have changed since it was set). */
export const passwordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .check(
    z.minLength(1, VALIDATION_MESSAGES.passwordRequired),
    z.maxLength(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.passwordMax),
  );

export const loginBodySchema = z.object({ mail: mailSchema, password: passwordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;
