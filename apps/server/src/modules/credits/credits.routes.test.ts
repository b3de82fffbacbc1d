import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import { type TestCompanyValues, testCompanies } from '../../../test/fixtures';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from '../companies/companies.schema';
import { addCredits, ledgerMismatches, refundBooking, spendCredits } from '.';
import { creditBalances, creditLedger } from './credits.schema';
import { bucketCount, buckets } from './credits.service';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

const company = async (values: TestCompanyValues) => (await testCompanies(() => ctx.deps.db)(values)).id;

async function userOf(companyId: string, roles: string[]) {
  const user = await createTestUser(ctx.deps, { companyId, roles });
  return (await loginAs(ctx.app, user.mail)).token;
}

const grant = (companyId: string, fields: Record<string, unknown> = {}, token = adminToken) =>
  call('POST', '/api/grant-credits', token, {
    company_id: companyId,
    credit_type: 'free',
    amount: 10,
    reason: 'manual_grant',
    note: 'Welcome gift',
    ...fields,
  });

describe('credits: who may call', () => {
  it('answers 403 without backoffice-credit (or backoffice-grant-credit to grant)', async () => {
    const practice = await company({ name: 'Practice' });
    const affiliateToken = await userOf(practice, ['affiliate']);
    const practiceToken = await userOf(practice, ['end-user']);
    const requests: [Method, string, unknown?][] = [
      ['GET', '/api/get-credits'],
      ['GET', `/api/credit-history/${practice}`],
      ['GET', `/api/balance-history/${practice}`],
      [
        'POST',
        '/api/grant-credits',
        { company_id: practice, credit_type: 'free', amount: 1, reason: 'manual_grant', note: 'Gift' },
      ],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(method, url, affiliateToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // A practice reads its own credits but cannot grant itself any.
    expect((await call('GET', '/api/get-credits', practiceToken)).statusCode).toBe(200);
    expect((await grant(practice, {}, practiceToken)).statusCode).toBe(403);
  });

  it('answers 400 for bad input, with the field that is wrong', async () => {
    const practice = await company({ name: 'Practice' });
    expect((await call('GET', '/api/credit-history/nope', adminToken)).statusCode).toBe(400);
    expect((await call('GET', `/api/credit-history/${practice}?reason=bribe`, adminToken)).statusCode).toBe(400);
    expect((await call('GET', `/api/balance-history/${practice}?interval=week`, adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/get-credits?company_id=1', adminToken)).statusCode).toBe(400);
    const zero = await grant(practice, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.amount).toEqual(['The amount cannot be 0']);
    const noNote = await grant(practice, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(Object.keys(noNote.json().errors)).toEqual(['note']);
    const negativeGift = await grant(practice, { amount: -5 });
    expect(negativeGift.json().errors.amount).toEqual(['A grant adds credits: the amount must be positive']);
    const positiveExpiry = await grant(practice, { amount: 5, reason: 'expiry' });
    expect(positiveExpiry.json().errors.amount).toEqual(['An expiry takes credits: the amount must be negative']);
    expect((await grant(practice, { reason: 'purchase' })).statusCode).toBe(400);
    expect((await grant(practice, { amount: 1_000_001 })).statusCode).toBe(400);
  });

  it("keeps a company's credits from other companies (404) and lets partners read those within reach", async () => {
    const reseller = await company({ name: 'Reseller' });
    const customer = await company({ name: 'Customer', resellerId: reseller });
    const stranger = await company({ name: 'Stranger' });
    const resellerToken = await userOf(reseller, ['reseller']);
    const strangerToken = await userOf(stranger, ['end-user']);
    expect((await grant(customer, { amount: 7 })).statusCode).toBe(200);

    for (const url of [
      `/api/get-credits?company_id=${customer}`,
      `/api/credit-history/${customer}`,
      `/api/balance-history/${customer}`,
    ]) {
      expect((await call('GET', url, strangerToken)).statusCode, url).toBe(404);
      expect((await call('GET', url, resellerToken)).statusCode, url).toBe(200);
    }
    expect((await call('GET', `/api/get-credits?company_id=${customer}`, resellerToken)).json().total).toBe(7);
    // A deleted company's credits are gone for everyone.
    await ctx.deps.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, customer));
    expect((await call('GET', `/api/credit-history/${customer}`, adminToken)).statusCode).toBe(404);
  });

  it('lets only back-office staff grant: a partner holding backoffice-grant-credit is refused', async () => {
    const reseller = await company({ name: 'Reseller' });
    const customer = await company({ name: 'Customer', resellerId: reseller });
    const stranger = await company({ name: 'Stranger' });
    // A role with both credit permissions, given to a partner.
    const created = await call('POST', '/auth/create-role', adminToken, {
      name: `credit-partner-${randomUUID().slice(0, 6)}`,
      title: 'Credit partner',
      permissions: ['backoffice-credit', 'backoffice-grant-credit'],
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const partnerToken = await userOf(reseller, [created.json().data?.name ?? created.json().name]);
    const refused = await grant(customer, {}, partnerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'CREDIT_GRANT_STAFF_ONLY',
      message: 'Only the back office can grant or correct credits',
    });
    expect((await grant(stranger, {}, partnerToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/get-credits?company_id=${customer}`, partnerToken)).json().total).toBe(0);
  });
});

describe('credits: the ledger', () => {
  it('grants, spends free credits first, corrects, expires and refunds, and the balance always equals the ledger', async () => {
    const practice = await company({ name: 'Practice' });
    const practiceToken = await userOf(practice, ['end-user']);

    const gift = await grant(practice, { amount: 10, note: 'Trade fair gift' });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.json()).toMatchObject({
      message: 'The credits were granted',
      entries: [
        { amount: 10, credit_type: 'free', reason: 'manual_grant', balance_after: 10, note: 'Trade fair gift' },
      ],
      balance: { company_id: practice, balances: { free: 10, paid: 0 }, total: 10 },
    });
    expect(gift.json().entries[0].created_by.name).toBeTruthy();
    expect(
      (await grant(practice, { amount: 20, credit_type: 'paid', reason: 'correction', note: 'Bank transfer' }))
        .statusCode,
    ).toBe(200);

    // A spend of 15 takes the 10 free credits first, then 5 paid ones, in one booking.
    const spend = await ctx.deps.db.transaction((tx) =>
      spendCredits(tx, { companyId: practice, amount: 15, reason: 'case_submission', caseId: randomUUID() }),
    );
    expect(spend.entries.map((e) => [e.creditType, e.amount, e.balanceAfter])).toEqual([
      ['free', -10, 0],
      ['paid', -5, 15],
    ]);
    expect(new Set(spend.entries.map((e) => e.bookingId)).size).toBe(1);

    // Not enough: nothing is booked.
    const before = (await call('GET', `/api/credit-history/${practice}`, adminToken)).json().total;
    await expect(
      ctx.deps.db.transaction((tx) => spendCredits(tx, { companyId: practice, amount: 16, reason: 'case_submission' })),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH_CREDITS', message: 'Not enough credits', status: 402 });
    await expect(
      ctx.deps.db.transaction((tx) => spendCredits(tx, { companyId: practice, amount: 16, reason: 'recalculation' })),
    ).rejects.toMatchObject({ message: 'You do not have enough credits to recalculate the case' });
    expect((await call('GET', `/api/credit-history/${practice}`, adminToken)).json().total).toBe(before);

    // Taking more than a type holds is refused on the amount; an expiry within it is booked.
    const tooMuch = await grant(practice, { amount: -16, credit_type: 'paid', reason: 'correction' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'CREDIT_BALANCE_TOO_LOW',
      errors: { amount: ['The company holds only 15 paid credits'] },
    });
    const expiry = await grant(practice, { amount: -3, credit_type: 'paid', reason: 'expiry', note: 'Contract ended' });
    expect(expiry.json()).toMatchObject({
      message: 'The credits were taken',
      balance: { balances: { free: 0, paid: 12 } },
    });

    // A refund gives back exactly what the spend took, to the same types, once.
    const refund = await ctx.deps.db.transaction((tx) =>
      refundBooking(tx, { companyId: practice, bookingId: spend.bookingId, note: 'Scan unsupported' }),
    );
    expect(refund.balances).toEqual({ free: 10, paid: 17 });
    expect(refund.entries.every((e) => e.refundOf === spend.bookingId && e.caseId === spend.entries[0]!.caseId)).toBe(
      true,
    );
    await expect(
      ctx.deps.db.transaction((tx) => refundBooking(tx, { companyId: practice, bookingId: spend.bookingId })),
    ).rejects.toMatchObject({ code: 'CREDIT_ALREADY_REFUNDED' });
    // Another company's booking is not found.
    const other = await company({ name: 'Other' });
    await expect(
      ctx.deps.db.transaction((tx) => refundBooking(tx, { companyId: other, bookingId: spend.bookingId })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect((await call('GET', '/api/get-credits', practiceToken)).json()).toEqual({
      company_id: practice,
      balances: { free: 10, paid: 17 },
      total: 27,
    });
    expect(await ledgerMismatches(ctx.deps.db, practice)).toEqual([]);

    // The history: newest first, filtered by type, reason and note, sortable by amount.
    const history = (await call('GET', `/api/credit-history/${practice}`, practiceToken)).json();
    expect(history.total).toBe(7);
    expect(history.data.map((e: { reason: string }) => e.reason)).toEqual([
      'refund',
      'refund',
      'expiry',
      'case_submission',
      'case_submission',
      'correction',
      'manual_grant',
    ]);
    const paidOnly = (
      await call('GET', `/api/credit-history/${practice}?credit_type=paid&reason=refund`, practiceToken)
    ).json();
    expect(paidOnly).toMatchObject({ total: 1, data: [{ amount: 5, balance_after: 17, refund_of: spend.bookingId }] });
    const noted = (await call('GET', `/api/credit-history/${practice}?search=bank`, practiceToken)).json();
    expect(noted.data.map((e: { note: string }) => e.note)).toEqual(['Bank transfer']);
    const byAmount = (
      await call('GET', `/api/credit-history/${practice}?sort_by=amount&sort_dir=asc&per_page=2`, practiceToken)
    ).json();
    expect(byAmount).toMatchObject({ total: 7, data: [{ amount: -10 }, { amount: -5 }] });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await call('GET', `/api/credit-history/${practice}?from=${today}&to=${today}`, practiceToken)).json().total,
    ).toBe(7);
    expect((await call('GET', `/api/credit-history/${practice}?to=2000-01-01`, practiceToken)).json().total).toBe(0);

    // Every booking by a caller is in the audit trail too.
    const audited = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'credit-booking'), eq(auditLog.companyId, practice)));
    expect(audited).toHaveLength(3);
  });

  it("names the case of a booking while its company sees it, and never a hidden case's name", async () => {
    const practice = await company({ name: 'Named' });
    const token = await userOf(practice, ['end-user']);
    expect((await grant(practice, { amount: 10 })).statusCode).toBe(200);
    const shown = await createTestCase(ctx.deps, { companyId: practice, status: 'in-approval', name: 'Crown 16' });
    const hidden = await createTestCase(ctx.deps, { companyId: practice, status: 'hidden', name: 'Set aside' });
    await ctx.deps.db.transaction(async (tx) => {
      await spendCredits(tx, { companyId: practice, amount: 2, reason: 'case_submission', caseId: shown.id });
      await spendCredits(tx, { companyId: practice, amount: 1, reason: 'case_submission', caseId: hidden.id });
    });
    const history = (await call('GET', `/api/credit-history/${practice}`, token)).json().data as {
      case_id: string | null;
      case_name: string | null;
    }[];
    expect(history.find((e) => e.case_id === shown.id)?.case_name).toBe('Crown 16');
    expect(history.find((e) => e.case_id === hidden.id)?.case_name).toBeNull();
  });

  it('refuses to change or remove a ledger entry', async () => {
    const practice = await company({ name: 'Practice' });
    await ctx.deps.db.transaction((tx) =>
      addCredits(tx, { companyId: practice, creditType: 'paid', amount: 5, reason: 'purchase' }),
    );
    const refusal = {
      cause: expect.objectContaining({ message: expect.stringMatching(/cannot be changed or removed/) }),
    };
    await expect(
      ctx.deps.db.update(creditLedger).set({ amount: 500 }).where(eq(creditLedger.companyId, practice)),
    ).rejects.toMatchObject(refusal);
    await expect(ctx.deps.db.delete(creditLedger).where(eq(creditLedger.companyId, practice))).rejects.toMatchObject(
      refusal,
    );
    expect((await call('GET', `/api/get-credits?company_id=${practice}`, adminToken)).json().total).toBe(5);
  });

  it('tells the balance at the end of every day or month, carried over days without bookings', async () => {
    const practice = await company({ name: 'Practice' });
    // History from before today: entries written with their dates (the ledger takes inserts only), and the
    // balance row they end at. Then one booking today through the ledger.
    const past = [
      ['2026-03-02T10:00:00Z', 'free', 10, 10],
      ['2026-03-02T18:00:00Z', 'paid', 5, 5],
      ['2026-03-04T09:00:00Z', 'free', -4, 6],
    ] as const;
    for (const [when, creditType, amount, balanceAfter] of past) {
      await ctx.deps.db.insert(creditLedger).values({
        bookingId: randomUUID(),
        companyId: practice,
        creditType,
        amount,
        balanceAfter,
        reason: amount > 0 ? 'manual_grant' : 'case_submission',
        createdAt: new Date(when),
      });
    }
    await ctx.deps.db.insert(creditBalances).values([
      { companyId: practice, creditType: 'free', balance: 6 },
      { companyId: practice, creditType: 'paid', balance: 5 },
    ]);
    await ctx.deps.db.transaction((tx) =>
      addCredits(tx, { companyId: practice, creditType: 'paid', amount: 20, reason: 'purchase' }),
    );
    expect(await ledgerMismatches(ctx.deps.db, practice)).toEqual([]);
    const daily = (
      await call('GET', `/api/balance-history/${practice}?from=2026-03-01&to=2026-03-05`, adminToken)
    ).json();
    expect(daily).toEqual({
      company_id: practice,
      interval: 'day',
      data: [
        { date: '2026-03-01', free: 0, paid: 0, total: 0 },
        { date: '2026-03-02', free: 10, paid: 5, total: 15 },
        { date: '2026-03-03', free: 10, paid: 5, total: 15 },
        { date: '2026-03-04', free: 6, paid: 5, total: 11 },
        { date: '2026-03-05', free: 6, paid: 5, total: 11 },
      ],
    });
    // A range starting later opens with the balance before it.
    const later = (
      await call('GET', `/api/balance-history/${practice}?from=2026-04-01&to=2026-04-02`, adminToken)
    ).json();
    expect(later.data.map((p: { total: number }) => p.total)).toEqual([11, 11]);
    const months = (
      await call('GET', `/api/balance-history/${practice}?interval=month&from=2026-02-10&to=2026-04-30`, adminToken)
    ).json();
    expect(months.data).toEqual([
      { date: '2026-02-01', free: 0, paid: 0, total: 0 },
      { date: '2026-03-01', free: 6, paid: 5, total: 11 },
      { date: '2026-04-01', free: 6, paid: 5, total: 11 },
    ]);
    // Defaults: the last 90 days, or the last 25 months, up to today (which holds today's purchase).
    const today = new Date().toISOString().slice(0, 10);
    const recent = (await call('GET', `/api/balance-history/${practice}`, adminToken)).json().data;
    expect(recent).toHaveLength(90);
    expect(recent.at(-1)).toEqual({ date: today, free: 6, paid: 25, total: 31 });
    const monthly = (await call('GET', `/api/balance-history/${practice}?interval=month`, adminToken)).json().data;
    expect(monthly).toHaveLength(25);
    expect(monthly.at(-1)).toEqual({ date: `${today.slice(0, 7)}-01`, free: 6, paid: 25, total: 31 });
  });
});

describe('balance history buckets', () => {
  it('lists every day or every month of a range', () => {
    expect(buckets('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(buckets('2025-11-15', '2026-02-03', 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(buckets('2026-03-02', '2026-03-01', 'day')).toEqual([]);
  });

  it('counts the buckets of a range without listing them, as many as it would list', () => {
    const ranges: [string, string][] = [
      ['2026-02-27', '2026-03-02'],
      ['2025-11-15', '2026-02-03'],
      ['2026-03-02', '2026-03-01'],
      ['2024-02-28', '2024-03-01'],
      ['1900-01-01', '1903-12-31'],
      ['2026-01-31', '2026-01-31'],
    ];
    for (const [from, to] of ranges)
      for (const interval of ['day', 'month'] as const)
        expect(bucketCount(from, to, interval), `${from} ${to} ${interval}`).toBe(buckets(from, to, interval).length);
    expect(bucketCount('1900-01-01', '2999-12-31', 'day')).toBe(401_767);
  });
});
