import type {
  BalanceHistory,
  BalanceHistoryQuery,
  CreditBalance,
  CreditEntry,
  CreditHistoryQuery,
  CreditReason,
  CreditType,
  GrantCredits,
} from '@cuspid/contracts/credits';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { AppError, notFound } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { addCredits, type Booking, takeCredits } from './credits.ledger';
import { grantPolicy } from './credits.policy';
import * as repo from './credits.repository';

export function toBalance(companyId: string, balances: repo.Balances): CreditBalance {
  return { company_id: companyId, balances: { ...balances }, total: balances.free + balances.paid };
}

function toEntry(row: repo.EntryListRow): CreditEntry {
  const e = row.entry;
  return {
    id: e.id,
    booking_id: e.bookingId,
    company_id: e.companyId,
    credit_type: e.creditType as CreditType,
    amount: e.amount,
    balance_after: e.balanceAfter,
    reason: e.reason as CreditReason,
    case_id: e.caseId,
    case_name: row.caseName,
    invoice_id: e.invoiceId,
    invoice_number: row.invoiceNumber,
    coupon_id: e.couponId,
    coupon_code: row.couponCode,
    package_id: e.packageId,
    package_name: row.packageName,
    refund_of: e.refundOf,
    note: e.note,
    created_by: e.createdBy ? { id: e.createdBy, name: row.createdByName ?? 'Deleted user' } : null,
    created_at: e.createdAt.toISOString(),
  };
}

/** The company whose credits are asked for, if the actor may see it; else 404 (another company's credits do not exist). */
export async function visibleCompany(db: DbOrTx, actor: Actor, companyId = actor.companyId) {
  const company = await findVisibleCompanyCountry(db, actor, companyId);
  if (!company) throw notFound();
  return company;
}

export async function getCredits(deps: Deps, actor: Actor, companyId?: string): Promise<CreditBalance> {
  const company = await visibleCompany(deps.db, actor, companyId);
  return toBalance(company.id, await repo.readBalances(deps.db, company.id));
}

export async function creditHistory(deps: Deps, actor: Actor, companyId: string, query: CreditHistoryQuery) {
  const company = await visibleCompany(deps.db, actor, companyId);
  const { data, total } = await repo.listEntries(deps.db, company.id, query);
  return { data: data.map(toEntry), total };
}

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Every day (or first day of every month) from `from` to `to`, as YYYY-MM-DD. */
export function buckets(from: string, to: string, interval: 'day' | 'month'): string[] {
  const out: string[] = [];
  if (from > to) return out;
  if (interval === 'day') {
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY)
      out.push(isoDay(new Date(t)));
    return out;
  }
  const [year, month] = from.split('-').map(Number) as [number, number];
  for (let i = 0; ; i += 1) {
    const first = isoDay(new Date(Date.UTC(year, month - 1 + i, 1)));
    out.push(first);
    if (first.slice(0, 7) >= to.slice(0, 7)) return out;
  }
}

/** The longest range a balance history answers: 3 years by day, 20 years by month. */
export const MAX_POINTS = { day: 3 * 366, month: 20 * 12 } as const;

/** How many buckets `buckets(from, to, interval)` would hold, counted without listing them. */
export function bucketCount(from: string, to: string, interval: 'day' | 'month'): number {
  if (from > to) return 0;
  if (interval === 'day')
    return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return months(to) - months(from) + 1;
}

/**
 * The balance at the end of every day (or month) of the range: the `balance_after` of the last entry of
 * each type in each bucket, carried forward over buckets without entries, starting from the balance
 * before the range.
 */
export async function balanceHistory(
  deps: Deps,
  actor: Actor,
  companyId: string,
  query: BalanceHistoryQuery,
): Promise<BalanceHistory> {
  const company = await visibleCompany(deps.db, actor, companyId);
  const to = query.to ?? isoDay(new Date());
  const interval = query.interval;
  let from =
    query.from ??
    (interval === 'day'
      ? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 89 * DAY))
      : `${Number(to.slice(0, 4)) - 2}${to.slice(4, 7)}-01`);
  if (interval === 'month') from = `${from.slice(0, 7)}-01`;
  // Refused before anything is listed or read: a range of centuries would otherwise be enumerated day by day.
  if (bucketCount(from, to, interval) > MAX_POINTS[interval]) {
    throw new AppError('REPORT_RANGE_TOO_LONG', { params: { max: MAX_POINTS[interval], context: interval } });
  }
  const days = buckets(from, to, interval);
  const start = new Date(`${days[0] ?? to}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
  const { steps, opening } = await repo.balanceSteps(deps.db, company.id, start, end, interval);
  const current: repo.Balances = { free: 0, paid: 0 };
  for (const row of opening) current[row.creditType as CreditType] = row.balanceAfter;
  const byBucket = new Map<string, { creditType: string; balanceAfter: number }[]>();
  for (const step of steps) byBucket.set(step.bucket, [...(byBucket.get(step.bucket) ?? []), step]);
  const data = days.map((date) => {
    for (const step of byBucket.get(date) ?? []) current[step.creditType as CreditType] = step.balanceAfter;
    return { date, free: current.free, paid: current.paid, total: current.free + current.paid };
  });
  return { company_id: company.id, interval, data };
}

/** POST /grant-credits: a manual grant, correction or expiry, as a new ledger entry (staff only). */
export async function grantCredits(deps: Deps, actor: Actor, body: GrantCredits) {
  return deps.db.transaction(async (tx) => {
    const company = authorize(actor, grantPolicy, await findVisibleCompanyCountry(tx, actor, body.company_id));
    const refs = { companyId: company.id, creditType: body.credit_type, note: body.note, actor };
    const booking: Booking =
      body.amount > 0
        ? await addCredits(tx, { ...refs, amount: body.amount, reason: body.reason as 'manual_grant' | 'correction' })
        : await takeCredits(tx, { ...refs, amount: -body.amount, reason: body.reason as 'expiry' | 'correction' });
    const entries = await repo.entriesWithRefs(
      tx,
      booking.entries.map((e) => e.id),
    );
    return {
      message: body.amount > 0 ? 'The credits were granted' : 'The credits were taken',
      entries: entries.map(toEntry),
      balance: toBalance(company.id, booking.balances),
    };
  });
}
