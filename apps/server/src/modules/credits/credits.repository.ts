import { CREDIT_TYPES, type CreditReason, type CreditType } from '@cuspid/contracts/credits';
import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { shownCaseNameOf } from '../cases/cases.tables';
import { couponCodeOf } from '../coupons/coupons.tables';
import { invoiceNumberOf } from '../invoices/invoices.tables';
import { packageNameOf } from '../packages/packages.tables';
import { userNameOf } from '../users/users.tables';
import { creditBalances, creditLedger } from './credits.schema';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type Balances = Record<CreditType, number>;

const zero = (): Balances => ({ free: 0, paid: 0 });

/** A company's balances, read without a lock (for display). */
export async function readBalances(db: DbOrTx, companyId: string): Promise<Balances> {
  const rows = await db
    .select({ creditType: creditBalances.creditType, balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.companyId, companyId));
  const balances = zero();
  for (const row of rows) balances[row.creditType as CreditType] = row.balance;
  return balances;
}

/**
 * Locks a company's balance rows (one per credit type, made on first use) until the transaction ends,
 * always in the same order, and returns the balances. Every booking takes this lock first: two bookings
 * of one company run one after the other, bookings of different companies never wait for each other.
 */
export async function lockBalances(tx: DbOrTx, companyId: string): Promise<Balances> {
  let rows = await tx
    .select({ creditType: creditBalances.creditType, balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.companyId, companyId))
    .orderBy(asc(creditBalances.creditType))
    .for('update');
  if (rows.length < CREDIT_TYPES.length) {
    // First booking of the company (or of a type): make the rows, then lock them all as above.
    await tx
      .insert(creditBalances)
      .values(CREDIT_TYPES.map((creditType) => ({ companyId, creditType })))
      .onConflictDoNothing();
    rows = await tx
      .select({ creditType: creditBalances.creditType, balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.companyId, companyId))
      .orderBy(asc(creditBalances.creditType))
      .for('update');
  }
  const balances = zero();
  for (const row of rows) balances[row.creditType as CreditType] = row.balance;
  return balances;
}

export async function setBalance(tx: DbOrTx, companyId: string, creditType: CreditType, balance: number) {
  await tx
    .update(creditBalances)
    .set({ balance, updatedAt: sql`now()` })
    .where(and(eq(creditBalances.companyId, companyId), eq(creditBalances.creditType, creditType)));
}

export type NewEntry = {
  bookingId: string;
  companyId: string;
  creditType: CreditType;
  amount: number;
  balanceAfter: number;
  reason: CreditReason;
  caseId?: string | null | undefined;
  invoiceId?: string | null | undefined;
  couponId?: string | null | undefined;
  packageId?: string | null | undefined;
  refundOf?: string | null | undefined;
  note?: string | null | undefined;
  createdBy?: string | null | undefined;
};

export async function insertEntries(tx: DbOrTx, entries: NewEntry[]): Promise<LedgerRow[]> {
  if (!entries.length) return [];
  return tx.insert(creditLedger).values(entries).returning();
}

/** The entries of one booking (in the company given: a booking of another company is not found). */
export async function findBooking(db: DbOrTx, companyId: string, bookingId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.companyId, companyId), eq(creditLedger.bookingId, bookingId)))
    .orderBy(asc(creditLedger.seq));
}

/** Whether a booking was refunded already (per credit type). */
export async function refundsOf(db: DbOrTx, bookingId: string): Promise<LedgerRow[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.refundOf, bookingId));
}

const entryFields = {
  entry: creditLedger,
  couponCode: couponCodeOf(creditLedger.couponId),
  packageName: packageNameOf(creditLedger.packageId),
  // The case's name while it is shown to its company (a hidden case keeps its id only), and the invoice's number.
  caseName: shownCaseNameOf(creditLedger.caseId),
  invoiceNumber: invoiceNumberOf(creditLedger.invoiceId),
  createdByName: userNameOf(creditLedger.createdBy),
};
export type EntryListRow = {
  entry: LedgerRow;
  couponCode: string | null;
  packageName: string | null;
  caseName: string | null;
  invoiceNumber: string | null;
  createdByName: string | null;
};

/** Entries with what they refer to, by id (the answer of a booking). */
export async function entriesWithRefs(db: DbOrTx, ids: string[]): Promise<EntryListRow[]> {
  if (!ids.length) return [];
  return db
    .select(entryFields)
    .from(creditLedger)
    .where(sql`${creditLedger.id} in ${ids}`)
    .orderBy(asc(creditLedger.seq));
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export type HistoryFilter = {
  credit_type?: CreditType | undefined;
  reason?: CreditReason | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  sort_by: 'created_at' | 'amount';
  sort_dir: 'asc' | 'desc';
  page: number;
  per_page: number;
};

/** One page of a company's ledger (the caller checked the company is within reach). */
export async function listEntries(db: DbOrTx, companyId: string, query: HistoryFilter) {
  const where: SQL | undefined = and(
    eq(creditLedger.companyId, companyId),
    query.credit_type ? eq(creditLedger.creditType, query.credit_type) : undefined,
    query.reason ? eq(creditLedger.reason, query.reason) : undefined,
    query.from ? gte(creditLedger.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(creditLedger.createdAt, dayAfter(query.to)) : undefined,
    query.search ? ilike(creditLedger.note, likePattern(query.search)) : undefined,
  );
  const direction = query.sort_dir === 'asc' ? asc : desc;
  const order =
    query.sort_by === 'amount'
      ? [direction(creditLedger.amount), direction(creditLedger.seq)]
      : [direction(creditLedger.seq)];
  return listPage(
    db,
    db
      .select(entryFields)
      .from(creditLedger)
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    db.select(oneRow).from(creditLedger).where(where).$dynamic(),
    backendPage(query),
  );
}

/** A company's balance per type at the end of the day (or month) of each booking in [from, to], and before `from`. */
export async function balanceSteps(
  db: DbOrTx,
  companyId: string,
  from: Date,
  toExclusive: Date,
  interval: 'day' | 'month',
) {
  // The unit is written into the statement (it is one of two words), not bound: DISTINCT ON and ORDER BY must
  // name the very same expression, and two bound parameters are two expressions to PostgreSQL.
  const unit = sql.raw(interval === 'month' ? `'month'` : `'day'`);
  const bucket = sql<string>`to_char(date_trunc(${unit}, ${creditLedger.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const steps = await db
    .selectDistinctOn([bucket, creditLedger.creditType], {
      bucket,
      creditType: creditLedger.creditType,
      balanceAfter: creditLedger.balanceAfter,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.companyId, companyId),
        gte(creditLedger.createdAt, from),
        lt(creditLedger.createdAt, toExclusive),
      ),
    )
    .orderBy(bucket, creditLedger.creditType, desc(creditLedger.seq));
  // The balance of each type when the range starts: the last entry before it.
  const opening = await db
    .selectDistinctOn([creditLedger.creditType], {
      creditType: creditLedger.creditType,
      balanceAfter: creditLedger.balanceAfter,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.companyId, companyId), lt(creditLedger.createdAt, from)))
    .orderBy(creditLedger.creditType, desc(creditLedger.seq));
  return { steps, opening };
}

/**
 * The balance check (ADR 0090): every (company, credit type) whose stored balance differs from the sum
 * of its ledger entries, or whose last entry's balance_after differs from the stored balance. Empty
 * when the books are right.
 */
export async function ledgerMismatches(db: DbOrTx, companyId?: string) {
  const only = companyId ? sql`where company_id = ${companyId}` : sql``;
  return queryRows<{
    company_id: string;
    credit_type: string;
    balance: number | null;
    ledger_sum: number | null;
    last_balance_after: number | null;
  }>(
    db,
    sql`
    with sums as (
      select company_id, credit_type, sum(amount)::int as ledger_sum,
             (array_agg(balance_after order by seq desc))[1] as last_balance_after
      from ${creditLedger} ${only} group by company_id, credit_type
    ), balances as (
      select company_id, credit_type, balance from ${creditBalances} ${only}
    )
    select coalesce(b.company_id, s.company_id) as company_id, coalesce(b.credit_type, s.credit_type) as credit_type,
           b.balance, s.ledger_sum, s.last_balance_after
    from balances b full join sums s on s.company_id = b.company_id and s.credit_type = b.credit_type
    where coalesce(b.balance, 0) <> coalesce(s.ledger_sum, 0)
       or (s.last_balance_after is not null and s.last_balance_after <> coalesce(b.balance, 0))
  `,
  );
}
