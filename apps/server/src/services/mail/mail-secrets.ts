import type { MailEvent } from '@cuspid/contracts/mail';

/**
 * Mail variables whose values are credentials: the invitation and password-reset links (ADR 0034).
 * Whoever holds such a link can set the account's password, so the outbox does not keep it longer
 * than needed and the sent-mail viewer shows it to administrators only.
 */
export const SECRET_MAIL_VARIABLES: Partial<Record<MailEvent, readonly string[]>> = {
  'user.invitation': ['set_password_url'],
  'user.password-reset': ['reset_url'],
};

export const HIDDEN_LINK = '[link hidden]';

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&#34;')
    .replaceAll("'", '&#39;');

/** The strings to hide in a mail: each secret value as written and as HTML-escaped, and the token it carries. */
function secretsOf(row: { event: string | null; variables: Record<string, unknown> }): string[] {
  const names = row.event ? SECRET_MAIL_VARIABLES[row.event as MailEvent] : undefined;
  if (!names) return [];
  const found = new Set<string>();
  for (const name of names) {
    const value = row.variables[name];
    if (typeof value !== 'string' || value.length < 8) continue;
    found.add(value);
    found.add(escapeHtml(value));
    const token = URL.canParse(value) ? new URL(value).searchParams.get('token') : null;
    if (token && token.length >= 16) found.add(token);
  }
  // Longest first: the whole link is replaced before the token inside it.
  return [...found].sort((a, b) => b.length - a.length);
}

export const hasSecrets = (row: { event: string | null; variables: Record<string, unknown> }) =>
  secretsOf(row).length > 0;

/** The mail's content and variables with every credential replaced by `[link hidden]`. */
export function hideSecrets<
  R extends {
    event: string | null;
    variables: Record<string, unknown>;
    subject: string | null;
    html: string | null;
    text: string | null;
  },
>(row: R): R {
  const secrets = secretsOf(row);
  if (!secrets.length) return row;
  const hide = (value: string | null) =>
    value === null ? null : secrets.reduce((out, secret) => out.replaceAll(secret, HIDDEN_LINK), value);
  const names = new Set(SECRET_MAIL_VARIABLES[row.event as MailEvent]);
  return {
    ...row,
    subject: hide(row.subject),
    html: hide(row.html),
    text: hide(row.text),
    variables: Object.fromEntries(
      Object.entries(row.variables).map(([key, value]) => [key, names.has(key) ? HIDDEN_LINK : value]),
    ),
  };
}
