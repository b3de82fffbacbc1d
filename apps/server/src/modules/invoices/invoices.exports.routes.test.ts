import { randomUUID } from 'node:crypto';
import { EU_COUNTRY_CODES } from '@cuspid/contracts/companies';
import type { Invoice, InvoicePlan, InvoiceSummary } from '@cuspid/contracts/invoices';
import { parse } from 'csv-parse/sync';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor, testCompanies } from '../../../test/fixtures';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
  type TestUser,
} from '../../../test/setup-app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../test/smtp-server';
import { type Database, openDatabase } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companies } from '../companies/companies.schema';
import { deliverMailJob } from '../sent-mails/sent-mails.jobs';
import { findOperatorCompany } from '../users';
import { latestInvoicesCsv } from './invoices.exports.service';
import { invoiceExports, invoices } from './invoices.schema';
import { changeInvoiceStatus, createInvoice } from './invoices.service';

let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: TestUser;
let adminToken: string;
let staff: Actor;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp(smtp.env);
  await giveOperatorBankAccount(ctx.deps);
  await ctx.deps.jobs.work(ctx.deps, { only: [deliverMailJob.name] });
  admin = await createTestAdmin(ctx.deps);
  adminToken = (await loginAs(ctx.app, admin.mail)).token;
  staff = testActor({ userId: admin.id, companyId: admin.companyId, roles: ['admin'], isStaff: true });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const { call, get, post } = requestsTo(() => ctx.app);

const company = testCompanies(() => ctx.deps.db);

async function tokenOf(companyId: string, roles: string[]) {
  return (await loginAs(ctx.app, (await createTestUser(ctx.deps, { companyId, roles })).mail)).token;
}

/** A role holding backoffice-invoice, for a partner: it reads its customers' invoices. */
async function invoiceRole() {
  const created = await call('POST', '/auth/create-role', adminToken, {
    name: `invoice-partner-${randomUUID().slice(0, 6)}`,
    title: 'Invoice partner',
    permissions: ['backoffice-invoice'],
  });
  expect(created.statusCode, created.body).toBeLessThan(300);
  return (created.json().data?.name ?? created.json().name) as string;
}

/** A reseller's user holding backoffice-invoice, and a customer below the reseller. */
async function partner() {
  const reseller = await company({ companyName: `Reseller ${randomUUID().slice(0, 6)}` });
  const child = await company({ resellerId: reseller.id });
  return { child, token: await tokenOf(reseller.id, [await invoiceRole()]) };
}

const line = (unit_price: number, tax_rate = 1900, quantity = 1) => ({
  name: `Credits ${unit_price}`,
  article_number: 'PKG-1',
  quantity,
  unit_price,
  tax_rate,
});

/** An invoice of `companyId` issued at `now` (a draft when `now` is null). */
async function issued(companyId: string, lines = [line(10_000)], now: Date | null = new Date()): Promise<Invoice> {
  const draft = await createInvoice(ctx.deps, staff, {
    company_id: companyId,
    lines,
    payment_term_days: 14,
    notes: null,
  });
  return now ? changeInvoiceStatus(ctx.deps, staff, draft.id, 'open', now) : draft;
}

const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

async function download(url: string, token: string) {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return rowsOf(response.body);
}

const LATEST = '/api/invoices/download/latest-csv';

describe('GET /api/invoices/download/latest-csv', () => {
  it('answers 403 without the permission', async () => {
    const practice = await company();
    expect((await get(LATEST, await tokenOf(practice.id, ['end-user']))).statusCode).toBe(403);
  });

  it('returns the issued invoices once, then only the new ones, and records each export', async () => {
    const caller = await createTestAdmin(ctx.deps);
    const token = (await loginAs(ctx.app, caller.mail)).token;
    const customer = await company();
    const first = await issued(customer.id);
    const second = await issued(customer.id, [line(2_500, 700)]);
    const cancelled = await changeInvoiceStatus(ctx.deps, staff, second.id, 'cancelled');
    await issued(customer.id, [line(1)], null);
    const mine = (rows: Record<string, string>[]) => rows.filter((r) => r.company_id === customer.id);

    const all = await download(LATEST, token);
    // The same columns as the invoice CSV; invoices and credit notes in number order, no draft.
    const full = (await get(`/api/invoices/download/csv?company_id=${customer.id}`, token)).body;
    expect(Object.keys(all[0]!)).toEqual(Object.keys(rowsOf(full)[0]!));
    expect(mine(all)).toEqual(rowsOf(full).filter((r) => r.number));
    expect(mine(all).map((r) => [r.id, r.type, r.net])).toEqual([
      [first.id, 'invoice', '100.00'],
      [second.id, 'invoice', '25.00'],
      [cancelled.credit_note_id, 'credit-note', '-25.00'],
    ]);
    expect(mine(all).map((r) => r.status)).toEqual(['open', 'cancelled', 'paid']);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);

    expect(mine(await download(LATEST, token))).toEqual([]);
    const third = await issued(customer.id, [line(50)]);
    expect(mine(await download(LATEST, token)).map((r) => r.id)).toEqual([third.id]);

    const recorded = await ctx.deps.db
      .select()
      .from(invoiceExports)
      .where(eq(invoiceExports.userId, caller.id))
      .orderBy(invoiceExports.createdAt);
    expect(recorded.map((e) => [e.status, e.apiKeyId, e.companyId])).toEqual([
      ['done', null, caller.companyId],
      ['done', null, caller.companyId],
      ['done', null, caller.companyId],
    ]);
    expect(recorded[0]!.rowCount).toBe(all.length);
    expect(recorded[0]!.finishedAt).toBeInstanceOf(Date);
    // The second export claimed from where the first ended; the third holds the new number.
    const year = Number(third.number!.slice(0, 4));
    const sequence = Number(third.number!.slice(5));
    const through = (e: (typeof recorded)[number]) => e.ranges.find((r) => r.year === year)?.through ?? 0;
    expect(through(recorded[0]!)).toBeGreaterThanOrEqual(Number(cancelled.number!.slice(5)));
    expect(through(recorded[2]!)).toBeGreaterThanOrEqual(sequence);
    expect(recorded[2]!.ranges.find((r) => r.year === year)!.after).toBeLessThan(sequence);
  });

  it('holds only what a partner may see', async () => {
    const { child, token } = await partner();
    const own = await issued(child.id);
    const stranger = await issued((await company()).id);
    const ids = (await download(LATEST, token)).map((r) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(stranger.id);
    expect(ids.every((id) => id === own.id)).toBe(true);
  });

  it('gives the numbers of a broken-off or silent export to the next one', async () => {
    const caller = await createTestAdmin(ctx.deps);
    const actor = testActor({ userId: caller.id, companyId: caller.companyId, roles: ['admin'], isStaff: true });
    const customer = await company();
    const invoice = await issued(customer.id);
    // The client goes away after the first line.
    const broken = await latestInvoicesCsv(ctx.deps, actor);
    expect((await broken.next()).value).toContain('number');
    await broken.return(undefined);
    const [failed] = await ctx.deps.db.select().from(invoiceExports).where(eq(invoiceExports.userId, caller.id));
    expect(failed).toMatchObject({ status: 'failed', rowCount: 0, recoveredBy: null });

    const ids = async () => {
      let text = '';
      for await (const chunk of await latestInvoicesCsv(ctx.deps, actor)) text += chunk;
      return rowsOf(text).map((r) => r.id);
    };
    expect(await ids()).toContain(invoice.id);
    expect(await ids()).not.toContain(invoice.id);

    // An export that died with its process (running, silent for long) is given up and taken over too.
    const later = await issued(customer.id);
    const silent = await latestInvoicesCsv(ctx.deps, actor);
    await ctx.deps.db
      .update(invoiceExports)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(and(eq(invoiceExports.userId, caller.id), eq(invoiceExports.status, 'running')));
    expect(await ids()).toContain(later.id);
    const [given] = await ctx.deps.db
      .select()
      .from(invoiceExports)
      .where(
        and(
          eq(invoiceExports.userId, caller.id),
          eq(invoiceExports.status, 'failed'),
          isNull(invoiceExports.recoveredBy),
        ),
      );
    expect(given).toBeUndefined();
    await silent.return(undefined);
  });

  describe('under load', () => {
    let racers: Database | undefined;
    beforeAll(async () => {
      const url = process.env.DATABASE_URL;
      racers = url ? await openDatabase({ kind: 'postgres', url, poolSize: 16, connectTimeoutMs: 60_000 }) : undefined;
    });
    afterAll(() => racers?.close());

    it('never hands a row to two exports running at once, and loses none issued meanwhile', async () => {
      const caller = await createTestAdmin(ctx.deps);
      const actor = testActor({ userId: caller.id, companyId: caller.companyId, roles: ['admin'], isStaff: true });
      const deps = { ...ctx.deps, db: racers?.db ?? ctx.deps.db };
      const customer = await company();
      const drafts = await Promise.all(
        Array.from({ length: 20 }, () =>
          createInvoice(deps, staff, {
            company_id: customer.id,
            lines: [line(100)],
            payment_term_days: 14,
            notes: null,
          }),
        ),
      );
      const exportOnce = async () => {
        let text = '';
        for await (const chunk of await latestInvoicesCsv(deps, actor)) text += chunk;
        return rowsOf(text).filter((r) => r.company_id === customer.id);
      };
      const [, ...exported] = await Promise.all([
        Promise.all(drafts.map((d) => changeInvoiceStatus(deps, staff, d.id, 'open'))),
        ...Array.from({ length: 6 }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 15));
          return exportOnce();
        }),
      ]);
      const seen = [...exported.flat(), ...(await exportOnce())].map((r) => r.id);
      expect(seen.sort()).toEqual(drafts.map((d) => d.id).sort());
    });
  });
});

const PLAN = '/api/invoices/export-invoice-plan';
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('GET /api/invoices/export-invoice-plan', () => {
  it('answers 400 for bad input and 403 without the permission', async () => {
    const bad = await get(`${PLAN}?group=day`, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['group']);
    expect((await get(`${PLAN}?company_id=nope`, adminToken)).statusCode).toBe(400);
    expect((await get(`${PLAN}?format=xlsx`, adminToken)).statusCode).toBe(400);
    const practice = await company();
    expect((await get(PLAN, await tokenOf(practice.id, ['end-user']))).statusCode).toBe(403);
  });

  it('groups the open invoices by due date, overdue first, with sums, as JSON and as CSV', async () => {
    const customer = await company();
    const overdue = await issued(customer.id, [line(10_000)]);
    const soon = await issued(customer.id, [line(5_000)]);
    const later = await issued(customer.id, [line(1_000)]);
    const paid = await issued(customer.id, [line(7_000)]);
    await changeInvoiceStatus(ctx.deps, staff, paid.id, 'paid');
    await issued(customer.id, [line(3_000)], null);
    // A paid invoice cancelled: its credit note is a refund owed, open until paid, due at once.
    const refunded = await issued(customer.id, [line(2_000)]);
    await changeInvoiceStatus(ctx.deps, staff, refunded.id, 'paid');
    const { credit_note_id: refund } = await changeInvoiceStatus(ctx.deps, staff, refunded.id, 'cancelled');
    for (const [invoice, due] of [
      [overdue, dayOf(-3)],
      [soon, dayOf(2)],
      [later, dayOf(40)],
    ] as const) {
      await ctx.deps.db.update(invoices).set({ dueDate: due }).where(eq(invoices.id, invoice.id));
    }

    const json = await get(`${PLAN}?group=month&format=json&company_id=${customer.id}`, adminToken);
    expect(json.statusCode, json.body).toBe(200);
    const plan = json.json() as InvoicePlan;
    const today = dayOf(0);
    expect(plan).toMatchObject({ as_of: today, group: 'month' });
    expect(plan.buckets[0]).toEqual({
      bucket: 'overdue',
      from: null,
      to: dayOf(-1),
      currency: 'EUR',
      invoice_count: 1,
      net: 10_000,
      tax: 1_900,
      total: 11_900,
    });
    // The months ahead, from today: the refund and the invoice due in two days, the one due in 40 days.
    const expected = new Map<string, number[]>();
    for (const [due, total] of [
      [today, -2_380],
      [dayOf(2), 5_950],
      [dayOf(40), 1_190],
    ] as const) {
      const month = due.slice(0, 7);
      expected.set(month, [...(expected.get(month) ?? []), total]);
    }
    expect(plan.buckets.slice(1).map((b) => [b.bucket, b.invoice_count, b.total])).toEqual(
      [...expected].map(([month, totals]) => [month, totals.length, totals.reduce((a, b) => a + b, 0)]),
    );
    expect(plan.buckets[1]!.from).toBe(today);
    expect(plan.buckets.at(-1)!.to).toBe(
      new Date(Date.UTC(Number(dayOf(40).slice(0, 4)), Number(dayOf(40).slice(5, 7)), 0)).toISOString().slice(0, 10),
    );

    const rows = await download(`${PLAN}?company_id=${customer.id}`, adminToken);
    const invoiceRows = rows.filter((r) => r.row === 'invoice');
    expect(invoiceRows.map((r) => r.number)).toEqual([overdue.number, expect.any(String), soon.number, later.number]);
    expect(invoiceRows[1]).toMatchObject({ type: 'credit-note', total: '-23.80', due_date: today, days_overdue: '0' });
    expect(invoiceRows[0]).toMatchObject({ bucket: 'overdue', days_overdue: '3', total: '119.00', bucket_from: '' });
    expect(invoiceRows.every((r) => /^\d{4}-W\d{2}$|^overdue$/.test(r.bucket!))).toBe(true);
    // Each week closes with its sum line; the file with the total.
    const sums = rows.filter((r) => r.row === 'bucket');
    expect(sums[0]).toMatchObject({ bucket: 'overdue', invoices: '1', total: '119.00' });
    expect(sums.reduce((sum, r) => sum + Number(r.invoices), 0)).toBe(4);
    expect(rows.at(-1)).toMatchObject({ row: 'total', invoices: '4', currency: 'EUR', net: '140.00', total: '166.60' });
    expect(invoiceRows.map((r) => r.company_id)).toEqual(Array(4).fill(customer.id));
    expect(refund).toBeTruthy();
  });

  it('shows a partner only the plan of its companies', async () => {
    const { child, token } = await partner();
    const own = await issued(child.id);
    const stranger = await company();
    await issued(stranger.id);
    const plan = (await get(`${PLAN}?format=json`, token)).json() as InvoicePlan;
    expect(plan.buckets.map((b) => [b.invoice_count, b.total])).toEqual([[1, own.total]]);
    // Another company's plan is the plan of a company that does not exist: empty.
    const theirs = await get(`${PLAN}?company_id=${stranger.id}`, token);
    const nobody = await get(`${PLAN}?company_id=${randomUUID()}`, token);
    expect(theirs.body).toBe(nobody.body);
    expect(rowsOf(theirs.body)).toEqual([]);
  });
});

const SUMMARY = '/api/invoices/export-invoice-summary';
const MAIL = '/api/invoices/send-summary-mail';

describe('the invoice summary', () => {
  // A year of its own, so that invoices of other test files (issued today) do not count.
  const year = 2900 + Math.floor(Math.random() * 99);
  const at = (month: number, day = 10) => new Date(Date.UTC(year, month - 1, day, 9));
  let countries: { home: string; reverse: string; taxed: string };
  let child: Awaited<ReturnType<typeof company>>;
  let partnerToken: string;

  beforeAll(async () => {
    const seller = (await findOperatorCompany(ctx.deps.db))!;
    if (!seller.country) await ctx.deps.db.update(companies).set({ country: 'DE' }).where(eq(companies.id, seller.id));
    const home = seller.country ?? 'DE';
    const [reverse, taxed] = EU_COUNTRY_CODES.filter((c) => c !== home);
    countries = { home, reverse: reverse!, taxed: taxed! };
    const domestic = await company({ country: home });
    const business = await company({ country: reverse, vatId: `${reverse}123456789`, applyReverseCharge: true });
    const consumer = await company({ country: taxed });
    const swiss = await company({ country: 'CH' });
    // March: two domestic invoices (one cancelled by a credit note), a reverse-charge one, one outside the EU.
    await issued(domestic.id, [line(10_000)], at(3));
    const cancelled = await issued(domestic.id, [line(3_000, 700)], at(3, 12));
    await changeInvoiceStatus(ctx.deps, staff, cancelled.id, 'cancelled', at(3, 20));
    await issued(business.id, [line(20_000)], at(3, 15));
    await issued(swiss.id, [line(5_000)], at(3, 28));
    // May: an EU consumer, taxed like at home. A draft counts nowhere.
    await issued(consumer.id, [line(1_000)], at(5));
    await issued(domestic.id, [line(99_999)], null);
    const reseller = await partner();
    child = reseller.child;
    partnerToken = reseller.token;
  });

  describe('GET /api/invoices/export-invoice-summary', () => {
    it('answers 400 for bad input and 403 without the permission', async () => {
      for (const [query, field] of [
        ['', 'year'],
        ['year=26', 'year'],
        [`year=${year}&month=13`, 'month'],
        [`year=${year}&format=pdf`, 'format'],
      ] as const) {
        const bad = await get(`${SUMMARY}?${query}`, adminToken);
        expect(bad.statusCode, query).toBe(400);
        expect(Object.keys(bad.json().errors), query).toEqual([field]);
      }
      const practice = await company();
      expect((await get(`${SUMMARY}?year=${year}`, await tokenOf(practice.id, ['end-user']))).statusCode).toBe(403);
    });

    it('sums a year by month, by country and VAT treatment and in all, credit notes netted', async () => {
      const response = await get(`${SUMMARY}?year=${year}&format=json`, adminToken);
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json() as InvoiceSummary;
      const figures = (invoice_count: number, credit_note_count: number, net: number, tax: number) => ({
        currency: 'EUR',
        invoice_count,
        credit_note_count,
        net,
        tax,
        total: net + tax,
      });
      expect(summary).toMatchObject({ year, month: null, seller_country: countries.home });
      expect(summary.months).toHaveLength(12);
      expect(summary.months[2]).toEqual({ month: 3, ...figures(4, 1, 35_000, 2_850) });
      expect(summary.months[4]).toEqual({ month: 5, ...figures(1, 0, 1_000, 190) });
      expect(summary.months.filter((m) => m.invoice_count === 0)).toHaveLength(10);
      expect(summary.months[0]).toEqual({ month: 1, ...figures(0, 0, 0, 0) });
      expect(summary.breakdown).toEqual(
        expect.arrayContaining([
          { country: countries.home, vat_treatment: 'domestic', ...figures(2, 1, 10_000, 1_900) },
          { country: countries.reverse, vat_treatment: 'eu-reverse-charge', ...figures(1, 0, 20_000, 0) },
          { country: countries.taxed, vat_treatment: 'eu-taxed', ...figures(1, 0, 1_000, 190) },
          { country: 'CH', vat_treatment: 'outside-eu', ...figures(1, 0, 5_000, 950) },
        ]),
      );
      expect(summary.breakdown).toHaveLength(4);
      expect(summary.totals).toEqual([figures(5, 1, 36_000, 3_040)]);
    });

    it('sums one month, and writes the same figures as CSV', async () => {
      const march = (await get(`${SUMMARY}?year=${year}&month=3&format=json`, adminToken)).json() as InvoiceSummary;
      expect(march.months.map((m) => [m.month, m.total])).toEqual([[3, 37_850]]);
      expect(march.breakdown.map((b) => b.vat_treatment).sort()).toEqual([
        'domestic',
        'eu-reverse-charge',
        'outside-eu',
      ]);
      expect(march.totals.map((t) => t.total)).toEqual([37_850]);

      const response = await get(`${SUMMARY}?year=${year}&month=3`, adminToken);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-summary-${year}-03.csv"`);
      const rows = rowsOf(response.body);
      expect(rows.map((r) => r.section)).toEqual(['month', 'country', 'country', 'country', 'total']);
      expect(rows[0]).toMatchObject({
        year: String(year),
        month: '3',
        invoices: '4',
        credit_notes: '1',
        net: '350.00',
      });
      expect(rows.find((r) => r.vat_treatment === 'domestic')).toMatchObject({
        country: countries.home,
        invoices: '2',
        credit_notes: '1',
        net: '100.00',
        tax: '19.00',
        total: '119.00',
      });
      expect(rows.at(-1)).toMatchObject({ section: 'total', net: '350.00', tax: '28.50', total: '378.50' });
    });

    it('sums for a partner only the invoices of its companies', async () => {
      await issued(child.id, [line(4_000)], at(7));
      const mine = (await get(`${SUMMARY}?year=${year}&format=json`, partnerToken)).json() as InvoiceSummary;
      expect(mine.totals.map((t) => [t.invoice_count, t.total])).toEqual([[1, 4_760]]);
      expect(mine.months.filter((m) => m.invoice_count).map((m) => m.month)).toEqual([7]);
      const all = (await get(`${SUMMARY}?year=${year}&format=json`, adminToken)).json() as InvoiceSummary;
      expect(all.totals.map((t) => t.invoice_count)).toEqual([6]);
    });
  });

  describe('POST /api/invoices/send-summary-mail', () => {
    it('answers 400 for bad input and 403 without the permission', async () => {
      for (const [body, field] of [
        [{}, 'year'],
        [{ year, month: 0 }, 'month'],
        [{ year, to: ['not a mail'] }, 'to.0'],
        [{ year, to: [] }, 'to'],
      ] as const) {
        const bad = await post(MAIL, body, adminToken);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(bad.json().errors)).toEqual([field]);
      }
      const practice = await company();
      expect((await post(MAIL, { year }, await tokenOf(practice.id, ['end-user']))).statusCode).toBe(403);
    });

    it('queues the summary with its CSV to the addresses named, and to the caller by default', async () => {
      const to = `books-${randomUUID().slice(0, 8)}@practice.test`;
      const sent = await post(MAIL, { year, month: 3, to: [to, to.toUpperCase()] }, adminToken);
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json()).toEqual({
        message: `The invoice summary ${year}-03 was queued for 1 recipient`,
        recipients: [to],
      });
      const mail = await waitFor(async () => smtp.received.find((m) => JSON.stringify(m.to).includes(to)));
      expect(mail.subject).toBe(`Invoice summary ${year}-03`);
      expect(String(mail.text).replace(/\s+/g, ' ')).toContain(
        '4 invoices and 1 credit notes were issued: net €350.00, tax €28.50, total €378.50',
      );
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`invoice-summary-${year}-03.csv`, 'text/csv'],
      ]);
      const rows = rowsOf(mail.attachments[0]!.content.toString());
      expect(rows.at(-1)).toMatchObject({ section: 'total', net: '350.00', tax: '28.50', total: '378.50' });

      const own = await post(MAIL, { year }, adminToken);
      expect(own.json().recipients).toEqual([admin.mail]);
      const mine = await waitFor(async () => smtp.received.find((m) => JSON.stringify(m.to).includes(admin.mail)));
      expect(mine.subject).toBe(`Invoice summary ${year}`);
    });

    it('mails a partner the figures of its companies only', async () => {
      const to = `partner-${randomUUID().slice(0, 8)}@practice.test`;
      expect((await post(MAIL, { year, month: 7, to: [to] }, partnerToken)).statusCode).toBe(202);
      const mail = await waitFor(async () => smtp.received.find((m) => JSON.stringify(m.to).includes(to)));
      const rows = rowsOf(mail.attachments[0]!.content.toString());
      expect(rows.filter((r) => r.section === 'country').map((r) => r.total)).toEqual(['47.60']);
      expect(rows.at(-1)).toMatchObject({ section: 'total', invoices: '1', total: '47.60' });
    });
  });
});
