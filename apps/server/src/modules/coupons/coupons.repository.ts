import type { CouponListQuery, CouponStatus } from '@cuspid/contracts/coupons';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { searchMatch } from '../../db/search-match';
import { companyNameOf } from '../companies/companies.tables';
import { userNameOf } from '../users/users.tables';
import { couponCodes, couponRedemptions } from './coupons.schema';

export type CouponRow = typeof couponCodes.$inferSelect;
export type CouponWithStatus = CouponRow & { status: CouponStatus };
export type RedemptionRow = typeof couponRedemptions.$inferSelect;

/** The coupon's status (contracts COUPON_STATUSES), in SQL: the list filters on it. */
export const couponStatus = sql<CouponStatus>`case
    when not ${couponCodes.active} then 'inactive'
    when ${couponCodes.endsAt} is not null and ${couponCodes.endsAt} <= now() then 'expired'
    when (${couponCodes.maxUses} is not null and ${couponCodes.uses} >= ${couponCodes.maxUses})
      or (${couponCodes.freeUsers} is not null and ${couponCodes.companiesUsed} >= ${couponCodes.freeUsers}
        and ${couponCodes.uses} >= ${couponCodes.freeUsers} * ${couponCodes.maxUsesPerCompany}) then 'used_up'
    when ${couponCodes.startsAt} is not null and ${couponCodes.startsAt} > now() then 'scheduled'
    else 'active'
  end`;

const withStatus = { coupon: couponCodes, status: couponStatus };
const flatten = (rows: { coupon: CouponRow; status: CouponStatus }[]): CouponWithStatus[] =>
  rows.map((r) => ({ ...r.coupon, status: r.status }));

const live = isNull(couponCodes.deletedAt);

const SORT_COLUMNS = {
  code: sql`lower(${couponCodes.code})`,
  created_at: couponCodes.createdAt,
  starts_at: couponCodes.startsAt,
  ends_at: couponCodes.endsAt,
  uses: couponCodes.uses,
} as const;

export async function listCoupons(db: DbOrTx, query: CouponListQuery) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    live,
    search ? or(ilike(couponCodes.code, search), ilike(couponCodes.description, search)) : undefined,
    query.kind ? eq(couponCodes.kind, query.kind) : undefined,
    query.status ? sql`${couponStatus} = ${query.status}` : undefined,
  );
  const direction = query.sort_dir === 'desc' ? desc : asc;
  const column = SORT_COLUMNS[query.sort_by];
  const nulls = query.sort_dir === 'desc' ? sql`nulls last` : sql`nulls first`;
  const { data, total } = await listPage(
    db,
    db
      .select(withStatus)
      .from(couponCodes)
      .where(where)
      .orderBy(sql`${column} ${sql.raw(query.sort_dir)} ${nulls}`, direction(couponCodes.id))
      .$dynamic(),
    db.select(oneRow).from(couponCodes).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: flatten(data), total };
}

/** A live coupon by id; `lock` holds its row until the transaction ends. */
export async function findCoupon(db: DbOrTx, id: string, lock?: 'update'): Promise<CouponWithStatus | undefined> {
  const query = db
    .select(withStatus)
    .from(couponCodes)
    .where(and(eq(couponCodes.id, id), live));
  const rows = lock ? await query.for(lock) : await query;
  return flatten(rows)[0];
}

/** A live coupon by its code, whatever the case; `lock` holds its row (every redemption takes this lock first). */
export async function findCouponByCode(
  db: DbOrTx,
  code: string,
  lock?: 'update',
): Promise<CouponWithStatus | undefined> {
  const query = db
    .select(withStatus)
    .from(couponCodes)
    .where(and(sql`lower(${couponCodes.code}) = lower(${code})`, live));
  const rows = lock ? await query.for(lock) : await query;
  return flatten(rows)[0];
}

/** Another live coupon with this code (whatever the case). */
export async function codeTaken(db: DbOrTx, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: couponCodes.id })
    .from(couponCodes)
    .where(
      and(
        sql`lower(${couponCodes.code}) = lower(${code})`,
        live,
        exceptId ? sql`${couponCodes.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.length > 0;
}

export async function insertCoupon(db: DbOrTx, values: typeof couponCodes.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(couponCodes).values(values).returning();
  return row!;
}

export async function updateCoupon(db: DbOrTx, id: string, values: Partial<typeof couponCodes.$inferInsert>) {
  await db
    .update(couponCodes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(couponCodes.id, id), live));
}

export async function markDeleted(db: DbOrTx, id: string) {
  await db
    .update(couponCodes)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(couponCodes.id, id), live));
}

/** Counts one use (and one company, for its first use), under the coupon's row lock. */
export async function countUse(db: DbOrTx, id: string, firstForCompany: boolean) {
  await db
    .update(couponCodes)
    .set({
      uses: sql`${couponCodes.uses} + 1`,
      companiesUsed: firstForCompany ? sql`${couponCodes.companiesUsed} + 1` : couponCodes.companiesUsed,
      updatedAt: sql`now()`,
    })
    .where(eq(couponCodes.id, id));
}

/** How often a company has redeemed the coupon. */
export async function usesByCompany(db: DbOrTx, couponId: string, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.companyId, companyId)));
  return Number(row?.n ?? 0);
}

export async function insertRedemption(
  db: DbOrTx,
  values: typeof couponRedemptions.$inferInsert,
): Promise<RedemptionRow> {
  const [row] = await db.insert(couponRedemptions).values(values).returning();
  return row!;
}

export async function setRedemptionInvoice(db: DbOrTx, redemptionId: string, invoiceId: string) {
  await db.update(couponRedemptions).set({ invoiceId }).where(eq(couponRedemptions.id, redemptionId));
}

/** One page of a coupon's redemptions, newest first, with the company and the user who redeemed. */
export async function listRedemptions(db: DbOrTx, couponId: string, query: { page: number; per_page: number }) {
  const where: SQL | undefined = eq(couponRedemptions.couponId, couponId);
  return listPage(
    db,
    db
      .select({
        redemption: couponRedemptions,
        companyName: companyNameOf(couponRedemptions.companyId),
        userName: userNameOf(couponRedemptions.userId),
      })
      .from(couponRedemptions)
      .where(where)
      .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id))
      .$dynamic(),
    db.select(oneRow).from(couponRedemptions).where(where).$dynamic(),
    backendPage(query),
  );
}

// The packages a coupon may be for, as the packages area reads them (ADR 0130).
export { findLivePackages as findPackages } from '../packages/packages.tables';

/** Live coupons whose code or description holds the term (the list's match), exact and prefix matches of the code first. */
export async function searchCoupons(db: DbOrTx, term: string, limit: number) {
  const match = searchMatch(term, [couponCodes.code], [couponCodes.description]);
  return db
    .select({ id: couponCodes.id, code: couponCodes.code, description: couponCodes.description })
    .from(couponCodes)
    .where(and(live, match.where))
    .orderBy(match.rank, asc(sql`lower(${couponCodes.code})`), asc(couponCodes.id))
    .limit(limit);
}
