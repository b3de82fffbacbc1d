import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../test/smtp-server';
import { users } from '../users/users.schema';
import { deliverMail } from './mail-delivery';
import { sendMail } from './send-mail';
import { deliverMailJob } from './sent-mails.jobs';
import * as repo from './sent-mails.repository';
import { mailOutbox } from './sent-mails.schema';

let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp(smtp.env);
  admin = bearer((await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const arrivedFor = (to: string) => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === to);
const outboxRow = async (id: string) => (await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('delivery through SMTP', () => {
  it('writes nothing when the causing transaction rolls back', async () => {
    const to = uniqueMail();
    const jobsBefore = (await ctx.deps.jobs.boss.findJobs(deliverMailJob.name)).length;
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await sendMail(ctx.deps, tx, { event: 'ticket.answered', to, language: 'en', variables: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toHaveLength(0);
    expect(await ctx.deps.jobs.boss.findJobs(deliverMailJob.name)).toHaveLength(jobsBefore);
  });

  it('sends an HTML mail with a plain-text part to a real SMTP server, exactly once even when the job runs again', async () => {
    const to = uniqueMail();
    const row = await ctx.deps.db.transaction((tx) =>
      sendMail(ctx.deps, tx, {
        event: 'case.result-ready',
        to,
        language: 'de',
        variables: { first_name: 'Jörg <b>', case_name: 'Fall 7', case_url: 'https://portal.example.com/c/7' },
      }),
    );
    expect(row.status).toBe('queued');
    // The job, a retried job and a concurrent one: one delivery.
    await Promise.all([deliverMail(ctx.deps, row.id), deliverMail(ctx.deps, row.id)]);
    await deliverMail(ctx.deps, row.id);
    expect(arrivedFor(to)).toHaveLength(1);
    const mail = arrivedFor(to)[0]!;
    expect(mail.subject).toBe('Das Ergebnis von Fall 7 ist fertig');
    expect(mail.html).toContain('Hallo Jörg &lt;b&gt;,');
    expect(mail.text).toContain('Hallo Jörg <b>,');
    expect(mail.messageId).toBe(`<${row.id}@cuspid.test>`);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lastError: null });
  });

  // On a shared PostgreSQL database the worker also delivers other test files' mails, so the wait is generous.
  it('retries a failed delivery with backoff through pg-boss and then delivers it once', {
    timeout: 90_000,
  }, async () => {
    await ctx.deps.jobs.work(ctx.deps, { only: [deliverMailJob.name] });
    const to = uniqueMail();
    smtp.failNext(to, 1);
    const row = await ctx.deps.db.transaction((tx) =>
      sendMail(ctx.deps, tx, { event: 'invoice.issued', to, language: 'fr', variables: { invoice_number: 'F-1' } }),
    );
    const failed = await waitFor(async () => {
      const r = await outboxRow(row.id);
      return r.attempts === 1 && r.status === 'queued' && r;
    }, 60_000);
    expect(failed.lastError).toMatch(/451/);
    const sent = await waitFor(async () => {
      const r = await outboxRow(row.id);
      return r.status === 'sent' && r;
    }, 60_000);
    expect(sent).toMatchObject({ attempts: 2, transport: 'smtp', lastError: null });
    expect(arrivedFor(to)).toHaveLength(1);
    expect(arrivedFor(to)[0]!.subject).toBe('Facture F-1');
    // A late duplicate of the job finds the row sent and sends nothing.
    await deliverMail(ctx.deps, row.id);
    expect(arrivedFor(to)).toHaveLength(1);
  });

  it('does not re-send a mail whose earlier attempt stopped mid-delivery; it is shown as failed', async () => {
    const to = uniqueMail();
    const row = await repo.insertOutbox(ctx.deps.db, {
      to,
      language: 'en',
      status: 'sending',
      attempts: 1,
      claimedAt: new Date(Date.now() - 3600_000),
    });
    await deliverMail(ctx.deps, row.id);
    expect(arrivedFor(to)).toHaveLength(0);
    expect(await outboxRow(row.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/not sent again/),
    });
  });

  it('keeps a mail with no template as failed without blocking the change', async () => {
    const to = uniqueMail();
    const row = await ctx.deps.db.transaction((tx) =>
      sendMail(ctx.deps, tx, { templateId: '00000000-0000-4000-8000-000000000000', to, language: 'en', variables: {} }),
    );
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/No mail template/) });
  });
});

describe('registration welcome mail', () => {
  it('sends the welcome mail in the registering user’s contact language, edited by an admin', {
    timeout: 90_000,
  }, async () => {
    const assignment = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/mail-template-assignments/get-by-module?module=registration',
        headers: admin,
      })
    ).json().data[0];
    const template = (
      await ctx.app.inject({
        method: 'GET',
        url: `/mail/list-mail-template-by-id?id=${assignment.template_id}`,
        headers: admin,
      })
    ).json();
    const edited = {
      ...template,
      contents: {
        ...template.contents,
        de: { subject: 'Willkommen, {{ mail }}!', body: '<p>Schön, dass Sie da sind: {{ mail }}</p>' },
      },
    };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/mail/update-mail-template', headers: admin, payload: edited }))
        .statusCode,
    ).toBe(200);

    const mail = uniqueMail();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/auth/create-user',
      payload: { mail, password: TEST_PASSWORD, contact_language: 'de' },
    });
    expect(registered.statusCode).toBe(201);
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.mail, mail));
    expect(user!.contactLanguage).toBe('de');
    const [row] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, mail));
    expect(row).toMatchObject({ event: 'registration.welcome', language: 'de', companyId: user!.companyId });
    const arrived = await waitFor(async () => arrivedFor(mail)[0], 60_000);
    expect(arrived.subject).toBe(`Willkommen, ${mail}!`);
    expect(arrived.text).toContain(`Schön, dass Sie da sind: ${mail}`);

    // Restore the seeded German text for other tests.
    await ctx.app.inject({ method: 'POST', url: '/mail/update-mail-template', headers: admin, payload: template });
  });

  it('writes no mail when registration fails', async () => {
    const mail = uniqueMail();
    await ctx.app.inject({ method: 'POST', url: '/auth/create-user', payload: { mail, password: TEST_PASSWORD } });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/auth/create-user',
      payload: { mail, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, mail))).toHaveLength(1);
  });
});

describe('attachments', () => {
  it('hands the files stored with the mail to SMTP, byte for byte', async () => {
    const to = uniqueMail();
    const csv = '\uFEFFsection,net\r\n"month",1.00\r\n';
    const row = await ctx.deps.db.transaction((tx) =>
      sendMail(ctx.deps, tx, {
        event: 'ticket.answered',
        to,
        language: 'en',
        variables: { first_name: 'Anna', ticket_number: 'T-1', ticket_url: 'https://portal.example.com/t/1' },
        attachments: [
          { filename: 'summary.csv', contentType: 'text/csv', content: Buffer.from(csv).toString('base64') },
        ],
      }),
    );
    await deliverMail(ctx.deps, row.id);
    const [mail] = arrivedFor(to);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['summary.csv', 'text/csv', csv],
    ]);
    // A mail without files has none.
    const plain = uniqueMail();
    const other = await ctx.deps.db.transaction((tx) =>
      sendMail(ctx.deps, tx, { event: 'ticket.answered', to: plain, language: 'en', variables: {} }),
    );
    await deliverMail(ctx.deps, other.id);
    expect(arrivedFor(plain)[0]?.attachments).toEqual([]);
  });
});
