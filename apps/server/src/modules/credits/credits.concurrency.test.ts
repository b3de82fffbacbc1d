/**
 * Spends racing for the same credits (ADR 0090). On PostgreSQL the spends run on a pool of 32 connections of
 * their own, so up to 32 transactions really wait on the balance rows' lock at once; on PGlite (one
 * connection) they queue, and the same rules must hold.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/setup-app';
import { type Database, type DbOrTx, openDatabase } from '../../db/client';
import { AppError } from '../../lib/errors';
import { companies } from '../companies/companies.schema';
import { addCredits, ledgerMismatches, readBalances, spendCredits } from '.';
import { creditLedger } from './credits.schema';

let ctx: TestContext;
let racers: Database | undefined;
let db: DbOrTx;
beforeAll(async () => {
  ctx = await createTestApp();
  const url = process.env.DATABASE_URL;
  // 200 spends queue for 32 connections, each held while its transaction waits on the balance lock: on a busy
  // machine the last ones wait longer than a request would (DATABASE_CONNECT_TIMEOUT_MS).
  racers = url ? await openDatabase({ kind: 'postgres', url, poolSize: 32, connectTimeoutMs: 60_000 }) : undefined;
  db = racers?.db ?? ctx.deps.db;
});
afterAll(async () => {
  await racers?.close();
  await ctx?.close();
});

async function companyHolding(free: number, paid: number) {
  const [row] = await ctx.deps.db
    .insert(companies)
    .values({ companyName: `Racing practice ${randomUUID().slice(0, 6)}` })
    .returning();
  await ctx.deps.db.transaction(async (tx) => {
    if (free) await addCredits(tx, { companyId: row!.id, creditType: 'free', amount: free, reason: 'manual_grant' });
    if (paid) await addCredits(tx, { companyId: row!.id, creditType: 'paid', amount: paid, reason: 'purchase' });
  });
  return row!.id;
}

/** Fires all spends at once; counts the successes and the refusals by code (anything else fails the test). */
async function race(companyId: string, amounts: number[]) {
  const outcomes = await Promise.allSettled(
    amounts.map((amount) =>
      db.transaction((tx) => spendCredits(tx, { companyId, amount, reason: 'case_submission', caseId: randomUUID() })),
    ),
  );
  const refused = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') continue;
    if (!(outcome.reason instanceof AppError)) throw outcome.reason;
    refused.set(outcome.reason.message, (refused.get(outcome.reason.message) ?? 0) + 1);
  }
  return { succeeded: outcomes.filter((o) => o.status === 'fulfilled').length, refused };
}

async function ledgerSum(companyId: string) {
  const [row] = await ctx.deps.db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.companyId, companyId));
  return row!.sum;
}

describe('concurrent spends', () => {
  it('200 parallel spends of 1 credit at a company holding 100: exactly 100 succeed, 100 get "Not enough credits"', async () => {
    const companyId = await companyHolding(0, 100);
    const { succeeded, refused } = await race(companyId, Array(200).fill(1));
    expect(succeeded).toBe(100);
    expect(Object.fromEntries(refused)).toEqual({ 'Not enough credits': 100 });
    expect(await readBalances(ctx.deps.db, companyId)).toEqual({ free: 0, paid: 0 });
    // The spends' entries sum to -100 against the +100 of the purchase: the ledger sums to the balance, 0.
    expect(await ledgerSum(companyId)).toBe(0);
    expect(await ledgerMismatches(ctx.deps.db, companyId)).toEqual([]);
  }, 120_000);

  it('spends of different sizes over free and paid credits never overdraw and keep every entry consistent', async () => {
    const companyId = await companyHolding(37, 50);
    const amounts = Array.from({ length: 60 }, (_, i) => 1 + (i % 5));
    const { succeeded } = await race(companyId, amounts);
    const balances = await readBalances(ctx.deps.db, companyId);
    expect(balances.free).toBeGreaterThanOrEqual(0);
    expect(balances.paid).toBeGreaterThanOrEqual(0);
    // Free credits go first: paid ones are only touched once the free ones are too few for a spend.
    const spent = 87 - balances.free - balances.paid;
    expect(spent).toBeGreaterThan(80);
    expect(succeeded).toBeGreaterThan(20);
    expect(await ledgerSum(companyId)).toBe(balances.free + balances.paid);
    expect(await ledgerMismatches(ctx.deps.db, companyId)).toEqual([]);
  }, 120_000);

  it('companies do not block each other', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => companyHolding(5, 0)));
    const results = await Promise.all(ids.map((id) => race(id, Array(6).fill(1))));
    expect(results.map((r) => r.succeeded)).toEqual(Array(8).fill(5));
    for (const id of ids) expect(await ledgerMismatches(ctx.deps.db, id)).toEqual([]);
  }, 120_000);
});
