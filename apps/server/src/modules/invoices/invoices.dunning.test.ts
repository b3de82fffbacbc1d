import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Invoice } from '@cuspid/contracts/invoices';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../test/smtp-server';
import { formatMoney } from '../../lib/money';
import { companies } from '../companies/companies.schema';
import { invoiceReminderLevels } from '../reminder-levels/reminder-levels.schema';
import { deliverMailJob } from '../sent-mails/sent-mails.jobs';
import { nextReminder, runDunning } from './invoices.dunning';

describe('when the next reminder is due', () => {
  const levels = [{ periodDays: 7 }, { periodDays: 10 }];
  const due = '2026-03-01';

  it('is the first level period_days after the due date, each next one after the previous reminder', () => {
    const fresh = { dunningLevel: 0, dueDate: due, lastReminderAt: null };
    expect(nextReminder(fresh, levels, '2026-03-07')).toBeNull();
    expect(nextReminder(fresh, levels, '2026-03-08')).toBe(0);
    const once = { dunningLevel: 1, dueDate: due, lastReminderAt: new Date('2026-03-09T05:23:00Z') };
    expect(nextReminder(once, levels, '2026-03-18')).toBeNull();
    expect(nextReminder(once, levels, '2026-03-19')).toBe(1);
    expect(nextReminder({ ...once, dunningLevel: 2 }, levels, '2027-01-01')).toBeNull();
  });

  it('writes money in the mail language', () => {
    expect(formatMoney(11_900, 'EUR', 'de')).toBe('119,00\u00a0€');
    expect(formatMoney(500, 'EUR', 'en')).toBe('€5.00');
  });
});

let smtp: TestSmtpServer;
let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp(smtp.env);
  await giveOperatorBankAccount(ctx.deps);
  await ctx.deps.jobs.work(ctx.deps, { only: [deliverMailJob.name] });
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const { call, get, post } = requestsTo(() => ctx.app);
const patch = (url: string, body: unknown, token = adminToken) => call('PATCH', url, token, body);
const DAY = 86_400_000;

describe('dunning', () => {
  let levels: (typeof invoiceReminderLevels.$inferSelect)[];
  let companyId: string;
  let address: string;
  const t0 = new Date('2026-01-05T09:00:00Z');
  const at = (days: number) => new Date(t0.getTime() + days * DAY);

  beforeAll(async () => {
    const suffix = randomUUID().slice(0, 6);
    const ids: string[] = [];
    for (const [name, period_days, reminder_fee] of [
      [`Friendly reminder ${suffix}`, 7, 0],
      [`Second reminder ${suffix}`, 10, 500],
      [`Final notice ${suffix}`, 5, 1_000],
    ] as const) {
      const created = await post(
        '/api/invoice-reminder-level',
        { level_name: name, period_days, reminder_fee, start_text: `Opening of ${name}`, end_text: 'Regards' },
        adminToken,
      );
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    // These three levels, in this order (other test files add levels of their own to a shared database).
    const rows = await ctx.deps.db.select().from(invoiceReminderLevels).where(inArray(invoiceReminderLevels.id, ids));
    levels = ids.map((id) => rows.find((r) => r.id === id)!);
    address = `billing-${suffix}@practice.test`;
    const [company] = await ctx.deps.db
      .insert(companies)
      .values({ companyName: `Late payer ${suffix}`, country: 'DE', invoiceEmailAddress: address })
      .returning();
    companyId = company!.id;
  });

  /** A draft of 119.00 € issued at `t0`: due 14 days later. */
  async function issued(): Promise<Invoice> {
    const draft = await post(
      '/api/invoices',
      { company_id: companyId, lines: [{ name: 'Credits', quantity: 1, unit_price: 10_000, tax_rate: 1900 }] },
      adminToken,
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const { changeInvoiceStatus } = await import('./invoices.service');
    const admin = await createTestAdmin(ctx.deps);
    return changeInvoiceStatus(
      ctx.deps,
      testActor({ userId: admin.id, companyId: admin.companyId, roles: ['admin'], isStaff: true }),
      draft.json().id,
      'open',
      t0,
    );
  }

  const run = (days: number) => runDunning(ctx.deps, { now: at(days), companyIds: [companyId], levels });

  it('walks an overdue invoice through three levels, one mail each, and stops after the last', async () => {
    const invoice = await issued();
    expect(invoice.due_date).toBe('2026-01-19');
    expect(await run(14)).toBe(0);
    expect(await run(20)).toBe(0);
    expect(await run(21)).toBe(1);
    expect(await run(21)).toBe(0);
    expect(await run(30)).toBe(0);
    expect(await run(31)).toBe(1);
    expect(await run(36)).toBe(1);
    expect(await run(90)).toBe(0);

    // Issuing mailed the invoice with its PDF attached.
    const issuedMail = await waitFor(async () => smtp.received.find((m) => m.subject === `Invoice ${invoice.number}`));
    expect(issuedMail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`invoice-${invoice.number}.pdf`, 'application/pdf'],
    ]);
    const pdfText = execFileSync('pdftotext', ['-', '-'], { input: issuedMail.attachments[0]!.content }).toString();
    expect(pdfText).toContain(`Invoice ${invoice.number}`);

    const received = await waitFor(async () => {
      const mine = smtp.received.filter(
        (m) => m.subject?.includes(invoice.number!) && m.subject !== `Invoice ${invoice.number}`,
      );
      return mine.length === 3 ? mine : undefined;
    });
    // One mail per level (delivered in any order).
    const mails = levels.map((l) => received.find((m) => m.subject === `${l.levelName}: invoice ${invoice.number}`)!);
    expect(mails.every(Boolean)).toBe(true);
    const second = String(mails[1]!.html ?? mails[1]!.text);
    expect(second).toContain(`Opening of ${levels[1]!.levelName}`);
    expect(second).toContain('€119.00');
    expect(second).toContain('€5.00');
    expect(mails.every((m) => JSON.stringify(m.to).includes(address))).toBe(true);

    const after = (await get(`/api/invoices/${invoice.id}`, adminToken)).json() as Invoice;
    expect(after.dunning_level).toBe(3);
    expect(after.reminders.map((r) => [r.step, r.level_name, r.fee, r.mailed_to])).toEqual([
      [1, levels[0]!.levelName, 0, address],
      [2, levels[1]!.levelName, 500, address],
      [3, levels[2]!.levelName, 1_000, address],
    ]);
    expect(after.reminders.map((r) => r.sent_at.slice(0, 10))).toEqual(['2026-01-26', '2026-02-05', '2026-02-10']);
  });

  it('stops when the invoice is paid, and skips a paused one until it is resumed', async () => {
    const paid = await issued();
    const paused = await issued();
    expect(await run(21)).toBeGreaterThanOrEqual(2);
    expect((await patch(`/api/update-invoice-status/${paid.id}`, { status: 'paid' })).statusCode).toBe(200);
    const pausing = await patch(`/api/invoices/${paused.id}/dunning`, { paused: true });
    expect(pausing.statusCode, pausing.body).toBe(200);
    expect(pausing.json().dunning_paused).toBe(true);
    await run(31);
    expect((await get(`/api/invoices/${paid.id}`, adminToken)).json().dunning_level).toBe(1);
    expect((await get(`/api/invoices/${paused.id}`, adminToken)).json().dunning_level).toBe(1);
    expect((await patch(`/api/invoices/${paused.id}/dunning`, { paused: false })).statusCode).toBe(200);
    await run(31);
    expect((await get(`/api/invoices/${paused.id}`, adminToken)).json().dunning_level).toBe(2);
  });

  it('pauses only an issued, unpaid invoice, as staff, within reach', async () => {
    const draft = await post('/api/invoices', { company_id: companyId, lines: [] }, adminToken);
    const refused = await patch(`/api/invoices/${draft.json().id}/dunning`, { paused: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVOICE_NOT_OPEN');
    const invoice = await issued();
    expect((await call('PATCH', `/api/invoices/${invoice.id}/dunning`, undefined, { paused: true })).statusCode).toBe(
      401,
    );
    const practice = await createTestUser(ctx.deps, { companyId, roles: ['end-user'] });
    const practiceToken = (await loginAs(ctx.app, practice.mail)).token;
    expect((await patch(`/api/invoices/${invoice.id}/dunning`, { paused: true }, practiceToken)).statusCode).toBe(403);
    expect((await patch(`/api/invoices/${randomUUID()}/dunning`, { paused: true })).statusCode).toBe(404);
    expect((await patch(`/api/invoices/${invoice.id}/dunning`, { paused: 'yes' })).statusCode).toBe(400);
    const [row] = await ctx.deps.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row?.invoiceEmailAddress).toBe(address);
  });
});
