import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { defineModule } from '../../lib/define-module';
import type { DomainEvents } from '../../lib/events';
import { modules } from '..';
import { companies } from '../companies/companies.schema';
import { readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { invoices } from '../invoices/invoices.schema';
import { payments } from './payments.schema';

// `invoice.paid` (ADR 0131) as a future area sees it: a module declaring a handler, run in the payment's
// transaction after the areas listed before it (credits books the purchase's credits first).

type Seen = { event: DomainEvents['invoice.paid']; status: string | undefined; paidCredits: number };
const seen: Seen[] = [];
let failing: string | null = null;

const commissionsModule = defineModule({
  name: 'commissions',
  service: 'api',
  on: {
    'invoice.paid': async (event, { tx }) => {
      if (event.invoiceId === failing) throw new Error('the commission could not be booked');
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, event.invoiceId));
      seen.push({ event, status: row?.status, paidCredits: (await readBalances(tx, event.companyId)).paid });
    },
  },
});

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    { modules: [...modules, commissionsModule], settings: { invoices: { tax_rate: 1900 } } },
  );
  await giveOperatorBankAccount(ctx.deps);
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(async () => {
  await ctx?.close();
});

const { call, post } = requestsTo(() => ctx.app);

/** A company that bought a package of 40 credits by bank transfer: its open invoice. */
async function openPurchase() {
  const [practice] = await ctx.deps.db
    .insert(companies)
    .values({ companyName: `Practice ${randomUUID().slice(0, 6)}`, country: 'DE' })
    .returning();
  const created = await post(
    '/api/packages',
    { name: `Pack ${randomUUID().slice(0, 6)}`, credits: 40, price_cents: 5_000, credit_type: 'paid' },
    adminToken,
  );
  expect(created.statusCode, created.body).toBe(201);
  const user = await createTestUser(ctx.deps, { companyId: practice!.id, roles: ['end-user'] });
  const token = (await loginAs(ctx.app, user.mail)).token;
  const bought = await post(
    '/api/buy-credits',
    { package_id: created.json().id, payment_method: 'bank-transfer' },
    token,
  );
  expect(bought.statusCode, bought.body).toBe(201);
  return { companyId: practice!.id, invoiceId: bought.json().invoice.id as string };
}

const markPaid = (invoiceId: string) =>
  call('PATCH', `/api/update-invoice-status/${invoiceId}`, adminToken, { status: 'paid' });

describe('invoice.paid', () => {
  it("runs every module's handler in the module list's order, inside the payment's transaction", async () => {
    const { companyId, invoiceId } = await openPurchase();
    expect((await markPaid(invoiceId)).statusCode).toBe(200);
    const mine = seen.filter((s) => s.event.invoiceId === invoiceId);
    expect(mine).toHaveLength(1);
    // The invoice reads paid and the credits are booked (by credits, listed first) before the commit.
    expect(mine[0]).toMatchObject({
      status: 'paid',
      paidCredits: 40,
      event: { companyId, package: { credits: 40, creditType: 'paid' } },
    });
    expect(mine[0]!.event.actor?.userId).toBeDefined();
  });

  it('rolls the payment back when a handler throws: the invoice stays open, no payment, no credits', async () => {
    const { companyId, invoiceId } = await openPurchase();
    failing = invoiceId;
    const refused = await markPaid(invoiceId);
    failing = null;
    expect(refused.statusCode).toBe(500);
    const [invoice] = await ctx.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice?.status).toBe('open');
    expect(await ctx.deps.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toEqual([]);
    const booked = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.companyId, companyId), eq(creditLedger.reason, 'purchase')));
    expect(booked).toEqual([]);
    expect((await readBalances(ctx.deps.db, companyId)).paid).toBe(0);
    // Once the handler succeeds, paying it again works.
    expect((await markPaid(invoiceId)).statusCode).toBe(200);
    expect((await readBalances(ctx.deps.db, companyId)).paid).toBe(40);
  });
});
