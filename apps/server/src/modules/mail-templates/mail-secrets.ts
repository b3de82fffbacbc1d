import type { MailEvent } from '@cuspid/contracts/mail';

/**
 * Mail variables whose values are credentials: the invitation and password-reset links (ADR 0034). Whoever
 * holds such a link can set the account's password. THE one place that says so: a new one-time link is
 * covered by naming its variable here. For these variables
 * - what is stored for viewing (subject, HTML, text) is rendered with an unusable placeholder of the same
 *   shape, so no template, whatever it does with the value, can put the secret into the viewer;
 * - the real value is used only for the copy handed to SMTP, and stays in the outbox row (never shown)
 *   only while delivery may still need it, or while the viewer is the only channel (no SMTP);
 * - only administrators may change the templates of these events or assign them other templates;
 * - /send-mail never takes a caller's value for them.
 */
export const SECRET_MAIL_VARIABLES: Partial<Record<MailEvent, readonly string[]>> = {
  'user.invitation': ['set_password_url'],
  'user.password-reset': ['reset_url'],
};

export const HIDDEN_LINK = '[link hidden]';

export const secretVariablesOf = (event: string | null | undefined): readonly string[] =>
  (event ? SECRET_MAIL_VARIABLES[event as MailEvent] : undefined) ?? [];

/** Whether mails of the event carry an account link. */
export const carriesSecrets = (event: string | null | undefined) => secretVariablesOf(event).length > 0;

/**
 * An unusable stand-in of the same shape: a link keeps its origin, page and parameter names, and every
 * parameter value (where links carry their secret) becomes as many `x`. Anything else is `[link hidden]`.
 * Idempotent: the placeholder of a placeholder is itself.
 */
export function placeholderFor(value: unknown): string {
  if (typeof value === 'string' && URL.canParse(value)) {
    const url = new URL(value);
    if (url.search.length > 1) {
      const query = [...url.searchParams].map(([name, v]) => `${encodeURIComponent(name)}=${'x'.repeat(v.length)}`);
      return `${url.origin}${url.pathname}?${query.join('&')}`;
    }
  }
  return HIDDEN_LINK;
}

/** The variables with every secret one replaced by its placeholder: what viewable renderings are made of. */
export function withPlaceholders(
  event: string | null,
  variables: Record<string, unknown>,
): Record<string, string | number | boolean | null> {
  const names = new Set(secretVariablesOf(event));
  return Object.fromEntries(
    Object.entries(variables).map(([key, value]) => [key, names.has(key) ? placeholderFor(value) : value]),
  ) as Record<string, string | number | boolean | null>;
}

/** The secret values the row still holds (name → value); empty once wiped. */
function liveSecrets(row: { event: string | null; variables: Record<string, unknown> }): [string, string][] {
  return secretVariablesOf(row.event)
    .map((name) => [name, row.variables[name]] as const)
    .filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== placeholderFor(entry[1]),
    );
}

export const holdsSecrets = (row: { event: string | null; variables: Record<string, unknown> }) =>
  liveSecrets(row).length > 0;

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&#34;')
    .replaceAll("'", '&#39;');

type Viewable = {
  event: string | null;
  variables: Record<string, unknown>;
  subject: string | null;
  html: string | null;
  text: string | null;
};

function replaceIn<R extends Viewable>(row: R, pairs: [from: string, to: string][]): R {
  if (!pairs.length) return row;
  const swap = (value: string | null) =>
    value === null ? null : pairs.reduce((out, [from, to]) => out.replaceAll(from, to), value);
  return { ...row, subject: swap(row.subject), html: swap(row.html), text: swap(row.text) };
}

/**
 * The viewer for administrators, while the row still holds the link (no SMTP: the viewer is the only
 * channel): the placeholder is shown as the real link where the mail shows it as written.
 */
export function revealSecrets<R extends Viewable>(row: R): R {
  return replaceIn(
    row,
    liveSecrets(row).flatMap(([, value]) => {
      const placeholder = placeholderFor(value);
      return [
        [escapeHtml(placeholder), escapeHtml(value)],
        [placeholder, value],
      ] as [string, string][];
    }),
  );
}

/**
 * The viewer for everyone else. Renderings are stored with placeholders already; this also covers rows
 * rendered before that was so, by replacing the link as written, HTML-escaped, and the token it carries.
 */
export function concealSecrets<R extends Viewable>(row: R): R {
  const pairs = new Map<string, string>();
  for (const [, value] of liveSecrets(row)) {
    const placeholder = placeholderFor(value);
    pairs.set(value, placeholder);
    pairs.set(escapeHtml(value), escapeHtml(placeholder));
    const token = URL.canParse(value) ? new URL(value).searchParams.get('token') : null;
    if (token && token.length >= 16) pairs.set(token, 'x'.repeat(token.length));
  }
  // Longest first: the whole link is replaced before the token inside it.
  return replaceIn(
    row,
    [...pairs].sort((a, b) => b[0].length - a[0].length),
  );
}
