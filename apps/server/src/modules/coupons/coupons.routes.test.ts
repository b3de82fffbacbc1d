import { randomUUID } from 'node:crypto';
import { COUPON_MESSAGES } from '@cuspid/contracts/coupons';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { insertCompany } from '../companies';
import { ledgerMismatches } from '../credits';
import { readBalances } from '../credits/credits.repository';
import { creditLedger } from '../credits/credits.schema';
import { creditPackages } from '../packages/packages.schema';
import { applyDiscountCoupon } from '.';
import { couponCodes, couponRedemptions } from './coupons.schema';

let ctx: TestContext;
let adminToken: string;
let practice: { id: string; companyId: string; token: string };
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
  practice = { ...user, token: (await loginAs(ctx.app, user.mail)).token };
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);
const unique = (prefix = 'C') => `${prefix}-${randomUUID().slice(0, 8)}`;
const day = 86_400_000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

async function coupon(fields: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/coupon-codes', adminToken, {
    code: unique('WELCOME'),
    kind: 'credits',
    credits: 10,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function practiceUser() {
  const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
  return { ...user, token: (await loginAs(ctx.app, user.mail)).token };
}

const newCompany = async (name = 'Coupon practice') =>
  (await insertCompany(ctx.deps.db, { companyName: `${name} ${randomUUID().slice(0, 6)}` })).id;

const redeem = (token: string, code: string, companyId?: string) =>
  call('POST', '/api/redeem-coupon', token, { code, ...(companyId ? { company_id: companyId } : {}) });

describe('coupon codes', () => {
  it('answers 403 without the permission', async () => {
    const id = randomUUID();
    const manage: [Method, string, unknown?][] = [
      ['GET', '/api/coupon-codes'],
      ['POST', '/api/coupon-codes', {}],
      ['GET', `/api/coupon-codes/${id}`],
      ['PUT', `/api/coupon-codes/${id}`, {}],
      ['DELETE', `/api/coupon-codes/${id}`],
      ['GET', `/api/coupon-history/${id}`],
    ];
    for (const [method, url, body] of manage) {
      // A dental practice redeems coupons but does not manage them.
      expect((await call(method, url, practice.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const salesPartner = await createTestUser(ctx.deps, { roles: ['sales-partner'] });
    const token = (await loginAs(ctx.app, salesPartner.mail)).token;
    expect((await redeem(token, 'ANY')).statusCode).toBe(403);
    expect((await call('POST', '/api/check-coupon', token, { code: 'ANY' })).statusCode).toBe(403);
  });

  it('answers 400 with the field and its message for bad input', async () => {
    const post = (body: Record<string, unknown>) => call('POST', '/api/coupon-codes', adminToken, body);
    const short = await post({ code: 'ab', kind: 'credits', credits: 5 });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.code).toEqual([COUPON_MESSAGES.code]);
    expect((await post({ code: 'with space', kind: 'credits', credits: 5 })).json().errors.code).toEqual([
      COUPON_MESSAGES.code,
    ]);
    expect((await post({ code: unique(), kind: 'credits' })).json().errors.credits).toEqual([COUPON_MESSAGES.credits]);
    expect((await post({ code: unique(), kind: 'percent' })).json().errors.percent_off).toEqual([
      COUPON_MESSAGES.percentOff,
    ]);
    expect((await post({ code: unique(), kind: 'percent', percent_off: 101 })).statusCode).toBe(400);
    expect((await post({ code: unique(), kind: 'fixed' })).json().errors.amount_off_cents).toEqual([
      COUPON_MESSAGES.amountOff,
    ]);
    const backwards = await post({ code: unique(), kind: 'credits', credits: 5, starts_at: at(2), ends_at: at(1) });
    expect(backwards.json().errors.ends_at).toEqual([COUPON_MESSAGES.endsAfterStarts]);
    expect((await post({ code: unique(), kind: 'gift', credits: 5 })).json().errors.kind).toBeDefined();
    expect((await redeem(practice.token, '')).json().errors.code).toEqual(['Enter the coupon code']);
    expect((await call('GET', '/api/coupon-codes?status=nope', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/coupon-codes/nope', adminToken)).statusCode).toBe(400);
    // An update is checked on the coupon it leaves.
    const made = await coupon({ starts_at: at(1) });
    const update = await call('PUT', `/api/coupon-codes/${made.id}`, adminToken, { ends_at: at(0) });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors.ends_at).toEqual([COUPON_MESSAGES.endsAfterStarts]);
    const toPercent = await call('PUT', `/api/coupon-codes/${made.id}`, adminToken, { kind: 'percent' });
    expect(toPercent.json().errors.percent_off).toEqual([COUPON_MESSAGES.percentOff]);
  });

  it('creates, reads, lists, updates and deletes coupons; codes are unique whatever their case', async () => {
    const code = unique('Spring');
    const created = await coupon({
      code: `  ${code}  `,
      description: 'Spring campaign',
      credits: 25,
      credit_type: 'paid',
      percent_off: 50,
      free_users: 10,
      max_uses: 100,
      starts_at: at(-1),
      ends_at: at(30),
    });
    expect(created).toMatchObject({
      code,
      description: 'Spring campaign',
      kind: 'credits',
      credits: 25,
      credit_type: 'paid',
      percent_off: null,
      amount_off_cents: null,
      free_users: 10,
      max_uses: 100,
      max_uses_per_company: 1,
      uses: 0,
      companies_used: 0,
      active: true,
      status: 'active',
    });
    expect((await call('GET', `/api/coupon-codes/${created.id}`, adminToken)).json()).toEqual(created);

    const clash = await call('POST', '/api/coupon-codes', adminToken, {
      code: code.toUpperCase(),
      kind: 'credits',
      credits: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'COUPON_CODE_TAKEN',
      errors: { code: [`A coupon with the code "${code.toUpperCase()}" already exists`] },
    });

    const percent = await coupon({ code: unique('Spring'), kind: 'percent', percent_off: 15, description: 'x' });
    const scheduled = await coupon({ code: unique('Later'), starts_at: at(5) });
    const list = await call('GET', `/api/coupon-codes?search=${code.toLowerCase()}`, adminToken);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: created.id }] });
    const byDescription = await call('GET', '/api/coupon-codes?search=spring%20campaign', adminToken);
    expect(byDescription.json().data.map((c: { id: string }) => c.id)).toContain(created.id);
    const kinds = (await call('GET', '/api/coupon-codes?kind=percent&per_page=100', adminToken)).json();
    expect(kinds.data.every((c: { kind: string }) => c.kind === 'percent')).toBe(true);
    expect(kinds.data.map((c: { id: string }) => c.id)).toContain(percent.id);
    const later = (await call('GET', '/api/coupon-codes?status=scheduled&per_page=100', adminToken)).json();
    expect(later.data.map((c: { id: string }) => c.id)).toContain(scheduled.id);
    expect(later.data.every((c: { status: string }) => c.status === 'scheduled')).toBe(true);
    const sorted = (await call('GET', '/api/coupon-codes?sort_by=code&sort_dir=asc&per_page=100', adminToken)).json();
    const codes = sorted.data.map((c: { code: string }) => c.code.toLowerCase());
    expect(codes).toEqual([...codes].sort());

    const updated = await call('PUT', `/api/coupon-codes/${created.id}`, adminToken, {
      active: false,
      max_uses: null,
      description: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ active: false, max_uses: null, description: null, status: 'inactive' });
    const renamed = await call('PUT', `/api/coupon-codes/${scheduled.id}`, adminToken, { code: code.toLowerCase() });
    expect(renamed.statusCode).toBe(409);
    const toFixed = await call('PUT', `/api/coupon-codes/${scheduled.id}`, adminToken, {
      kind: 'fixed',
      amount_off_cents: 500,
    });
    expect(toFixed.json()).toMatchObject({ kind: 'fixed', amount_off_cents: 500, credits: null, credit_type: null });

    expect((await call('DELETE', `/api/coupon-codes/${created.id}`, adminToken)).json()).toEqual({
      message: 'The coupon code was deleted',
    });
    expect((await call('GET', `/api/coupon-codes/${created.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', `/api/coupon-codes/${created.id}`, adminToken, { active: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/coupon-codes/${created.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/coupon-history/${created.id}`, adminToken)).statusCode).toBe(404);
    // The code is free again once its coupon is deleted.
    await coupon({ code });

    const audit = await ctx.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon-code'), eq(auditLog.entityId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('redeems a credits coupon in any case, books the credits and lists the use in its history', async () => {
    const code = unique('Gift');
    const made = await coupon({ code, credits: 12 });
    const user = await practiceUser();
    const before = await readBalances(ctx.deps.db, user.companyId);

    const redeemed = await redeem(user.token, `  ${code.toLowerCase()} `);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toEqual({
      message: '12 free credits were added',
      coupon_id: made.id,
      credits: 12,
      credit_type: 'free',
      balance: {
        company_id: user.companyId,
        balances: { free: before.free + 12, paid: before.paid },
        total: before.free + before.paid + 12,
      },
    });
    expect(await readBalances(ctx.deps.db, user.companyId)).toEqual({ free: before.free + 12, paid: before.paid });
    expect(await ledgerMismatches(ctx.deps.db, user.companyId)).toEqual([]);
    const entries = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.couponId, made.id));
    expect(entries).toMatchObject([{ companyId: user.companyId, amount: 12, reason: 'coupon', createdBy: user.id }]);

    const again = await redeem(user.token, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'COUPON_ALREADY_USED',
      errors: { code: ['This company has already used this coupon'] },
    });

    const shown = (await call('GET', `/api/coupon-codes/${made.id}`, adminToken)).json();
    expect(shown).toMatchObject({ uses: 1, companies_used: 1 });
    const history = await call('GET', `/api/coupon-history/${made.id}`, adminToken);
    expect(history.json()).toMatchObject({
      total: 1,
      data: [
        {
          coupon_id: made.id,
          company: { id: user.companyId },
          user: { id: user.id },
          credits: 12,
          credit_type: 'free',
          discount_cents: null,
          invoice_id: null,
        },
      ],
    });
    const audit = await ctx.deps.db
      .select({ entity: auditLog.entity })
      .from(auditLog)
      .where(eq(auditLog.companyId, user.companyId));
    expect(audit.map((a) => a.entity)).toEqual(expect.arrayContaining(['coupon-redemption', 'credit-booking']));
  });

  it('lets a company use a coupon as often as it allows per company, and counts the company once', async () => {
    const made = await coupon({ max_uses_per_company: 2, free_users: 1 });
    const user = await practiceUser();
    expect((await redeem(user.token, made.code)).statusCode).toBe(200);
    expect((await redeem(user.token, made.code)).statusCode).toBe(200);
    expect((await redeem(user.token, made.code)).json().code).toBe('COUPON_ALREADY_USED');
    expect((await call('GET', `/api/coupon-codes/${made.id}`, adminToken)).json()).toMatchObject({
      uses: 2,
      companies_used: 1,
      status: 'used_up',
    });
    const history = (await call('GET', `/api/coupon-history/${made.id}?per_page=1`, adminToken)).json();
    expect(history.total).toBe(2);
    expect(history.data).toHaveLength(1);
  });

  it('refuses each coupon that cannot be used, on the code field', async () => {
    const user = await practiceUser();
    const refusal = async (code: string, expected: string, status: number) => {
      const response = await redeem(user.token, code);
      expect(response.statusCode, `${code}: ${response.body}`).toBe(status);
      expect(response.json().code).toBe(expected);
      expect(response.json().errors.code).toHaveLength(1);
      return response.json();
    };
    const unknown = await refusal(unique('NOPE'), 'COUPON_UNKNOWN', 400);
    expect(unknown.message).toBe('This coupon code is not valid');

    const deleted = await coupon();
    await call('DELETE', `/api/coupon-codes/${deleted.id}`, adminToken);
    const deletedAnswer = await refusal(deleted.code, 'COUPON_UNKNOWN', 400);
    expect(deletedAnswer).toEqual({ ...unknown, requestId: deletedAnswer.requestId });
    await refusal((await coupon({ active: false })).code, 'COUPON_UNKNOWN', 400);

    const later = await coupon({ starts_at: '2099-03-01T00:00:00Z' });
    expect((await refusal(later.code, 'COUPON_NOT_STARTED', 400)).message).toBe(
      'This coupon can only be used from 2099-03-01',
    );
    await refusal((await coupon({ starts_at: at(-10), ends_at: at(-1) })).code, 'COUPON_EXPIRED', 400);

    const single = await coupon({ max_uses: 1 });
    expect((await redeem(practice.token, single.code)).statusCode).toBe(200);
    await refusal(single.code, 'COUPON_USED_UP', 409);

    const onePlace = await coupon({ free_users: 1, max_uses: 5 });
    expect((await redeem(practice.token, onePlace.code)).statusCode).toBe(200);
    await refusal(onePlace.code, 'COUPON_NO_FREE_PLACES', 409);

    const discount = await refusal(
      (await coupon({ kind: 'percent', percent_off: 10 })).code,
      'COUPON_DISCOUNT_AT_PURCHASE',
      400,
    );
    expect(discount.errors.code).toEqual([
      'This coupon gives a discount on a package purchase: enter it when you buy credits',
    ]);
    // Nothing was booked by any refusal.
    expect(await readBalances(ctx.deps.db, user.companyId)).toEqual({ free: 0, paid: 0 });
  });

  it("redeems for a company within the caller's reach, and answers 404 for any other", async () => {
    const reseller = await createTestUser(ctx.deps, { roles: ['reseller'] });
    const resellerToken = (await loginAs(ctx.app, reseller.mail)).token;
    const below = (
      await insertCompany(ctx.deps.db, {
        companyName: `Below ${randomUUID().slice(0, 6)}`,
        resellerId: reseller.companyId,
      })
    ).id;
    const made = await coupon({ credits: 3 });
    const forBelow = await redeem(resellerToken, made.code, below);
    expect(forBelow.statusCode, forBelow.body).toBe(200);
    expect(await readBalances(ctx.deps.db, below)).toEqual({ free: 3, paid: 0 });

    const outside = await newCompany('Outside');
    const foreign = await redeem(resellerToken, made.code, outside);
    expect(foreign.statusCode).toBe(404);
    expect((await redeem(practice.token, made.code, below)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/check-coupon', practice.token, { code: made.code, company_id: below })).statusCode,
    ).toBe(404);
    expect(await readBalances(ctx.deps.db, outside)).toEqual({ free: 0, paid: 0 });
  });

  it('will not lower the limits of a used coupon below its use', async () => {
    const made = await coupon({ max_uses: 5, free_users: 5 });
    for (let i = 0; i < 3; i++) expect((await redeem(adminToken, made.code, await newCompany())).statusCode).toBe(200);
    const uses = await call('PUT', `/api/coupon-codes/${made.id}`, adminToken, { max_uses: 2 });
    expect(uses.statusCode).toBe(409);
    expect(uses.json()).toMatchObject({
      code: 'COUPON_MAX_USES_BELOW_USES',
      errors: { max_uses: ['This coupon has been used 3 times already: the number of uses cannot be lower'] },
    });
    const places = await call('PUT', `/api/coupon-codes/${made.id}`, adminToken, { free_users: 1 });
    expect(places.json()).toMatchObject({
      code: 'COUPON_FREE_USERS_BELOW_USED',
      errors: { free_users: [expect.any(String)] },
    });
    const fine = await call('PUT', `/api/coupon-codes/${made.id}`, adminToken, { max_uses: 3, free_users: 3 });
    expect(fine.json()).toMatchObject({ max_uses: 3, free_users: 3, status: 'used_up' });
  });

  it('grants a coupon with one use left to exactly one of 20 companies redeeming at once', async () => {
    const made = await coupon({ max_uses: 1, credits: 7 });
    const companyIds = await Promise.all(Array.from({ length: 20 }, () => newCompany('Race')));
    const answers = await Promise.all(companyIds.map((id) => redeem(adminToken, made.code.toLowerCase(), id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'COUPON_USED_UP')).toBe(true);
    const [row] = await ctx.deps.db.select().from(couponCodes).where(eq(couponCodes.id, made.id));
    expect(row).toMatchObject({ uses: 1, companiesUsed: 1 });
    const redemptions = await ctx.deps.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, made.id));
    expect(redemptions).toHaveLength(1);
    const entries = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.couponId, made.id));
    expect(entries).toMatchObject([{ companyId: redemptions[0]!.companyId, amount: 7 }]);
    for (const id of companyIds) expect(await ledgerMismatches(ctx.deps.db, id)).toEqual([]);
  });

  it('gives a coupon with 3 free users to exactly 3 of 6 companies redeeming at once', async () => {
    const made = await coupon({ free_users: 3, max_uses: 10 });
    const companyIds = await Promise.all(Array.from({ length: 6 }, () => newCompany('Race')));
    const answers = await Promise.all(companyIds.map((id) => redeem(adminToken, made.code, id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.json().code)).toEqual(Array(3).fill('COUPON_NO_FREE_PLACES'));
    expect((await call('GET', `/api/coupon-codes/${made.id}`, adminToken)).json()).toMatchObject({
      uses: 3,
      companies_used: 3,
      status: 'used_up',
    });
    const credited = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.couponId, made.id));
    expect(credited).toHaveLength(3);
  });

  it('checks a coupon without redeeming it, and applies a discount coupon to a package purchase', async () => {
    const [pkg] = await ctx.deps.db
      .insert(creditPackages)
      .values({ name: `Coupon package ${randomUUID().slice(0, 6)}`, credits: 100, priceCents: 9_999 })
      .returning();
    const [other] = await ctx.deps.db
      .insert(creditPackages)
      .values({ name: `Other package ${randomUUID().slice(0, 6)}`, credits: 10, priceCents: 1_000 })
      .returning();
    const percent = await coupon({ kind: 'percent', percent_off: 15, package_ids: [pkg!.id] });
    const checked = await call('POST', '/api/check-coupon', practice.token, {
      code: percent.code.toLowerCase(),
      package_id: pkg!.id,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      coupon_id: percent.id,
      kind: 'percent',
      percent_off: 15,
      price_cents: 9_999,
      discount_cents: 1_500,
      final_price_cents: 8_499,
    });
    const wrongPackage = await call('POST', '/api/check-coupon', practice.token, {
      code: percent.code,
      package_id: other!.id,
    });
    expect(wrongPackage.json().code).toBe('COUPON_NOT_FOR_PACKAGE');
    const credits = await coupon({ credits: 4 });
    expect((await call('POST', '/api/check-coupon', practice.token, { code: credits.code })).json()).toMatchObject({
      kind: 'credits',
      credits: 4,
      message: 'This coupon gives 4 free credits',
    });
    // Checking used nothing.
    expect((await call('GET', `/api/coupon-codes/${percent.id}`, adminToken)).json().uses).toBe(0);

    const fixed = await coupon({ kind: 'fixed', amount_off_cents: 2_000, max_uses: 1 });
    const applied = await ctx.deps.db.transaction((tx) =>
      applyDiscountCoupon(tx, {
        code: fixed.code.toUpperCase(),
        companyId: practice.companyId,
        packageId: other!.id,
        priceCents: 1_000,
      }),
    );
    expect(applied).toMatchObject({ couponId: fixed.id, discountCents: 1_000, priceCents: 0 });
    await expect(
      ctx.deps.db.transaction((tx) =>
        applyDiscountCoupon(tx, {
          code: fixed.code,
          companyId: practice.companyId,
          packageId: pkg!.id,
          priceCents: 9_999,
        }),
      ),
    ).rejects.toMatchObject({ code: 'COUPON_USED_UP' });
    await expect(
      ctx.deps.db.transaction((tx) =>
        applyDiscountCoupon(tx, {
          code: credits.code,
          companyId: practice.companyId,
          packageId: pkg!.id,
          priceCents: 9_999,
        }),
      ),
    ).rejects.toMatchObject({ code: 'COUPON_GRANTS_CREDITS' });
    const history = (await call('GET', `/api/coupon-history/${fixed.id}`, adminToken)).json();
    expect(history.data).toMatchObject([{ company: { id: practice.companyId }, credits: null, discount_cents: 1_000 }]);
  });

  it('finds coupons by code in the global search, for those who manage them', async () => {
    const term = randomUUID().replaceAll('-', '').slice(0, 10);
    const exact = await coupon({ code: `X${term}`, description: 'Exact' });
    const longer = await coupon({ code: `X${term}-LATER` });
    const deleted = await coupon({ code: `X${term}-GONE` });
    await call('DELETE', `/api/coupon-codes/${deleted.id}`, adminToken);
    const found = await call('GET', `/api/search?q=x${term}`, adminToken);
    const group = found.json().groups.find((g: { area: string }) => g.area === 'coupon-codes');
    expect(group.items).toEqual([
      { id: exact.id, title: exact.code, subtitle: 'Exact' },
      { id: longer.id, title: longer.code },
    ]);
    const practiceSearch = await call('GET', `/api/search?q=x${term}`, practice.token);
    expect(practiceSearch.json().groups.find((g: { area: string }) => g.area === 'coupon-codes')).toBeUndefined();
  });
});
