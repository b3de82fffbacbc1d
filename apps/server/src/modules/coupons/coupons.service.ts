import {
  type CheckCoupon,
  type CheckCouponResult,
  type Coupon,
  type CouponHistoryQuery,
  type CouponInput,
  type CouponKind,
  type CouponListQuery,
  type CouponRedemption,
  type CouponUpdate,
  couponIssues,
  type RedeemCoupon,
  type RedeemCouponResult,
} from '@cuspid/contracts/coupons';
import type { CreditType } from '@cuspid/contracts/credits';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { filterVisibleCompanyIds } from '../companies';
import { addCredits } from '../credits';
import { discountOn, redemptionRefusal } from './coupons.policy';
import * as repo from './coupons.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCoupon(row: repo.CouponWithStatus): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind as CouponKind,
    credits: row.credits,
    credit_type: row.creditType as CreditType | null,
    percent_off: row.percentOff,
    amount_off_cents: row.amountOffCents,
    currency: row.currency,
    package_ids: row.packageIds,
    free_users: row.freeUsers,
    max_uses: row.maxUses,
    max_uses_per_company: row.maxUsesPerCompany,
    uses: row.uses,
    companies_used: row.companiesUsed,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    active: row.active,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a coupon (its counters and status change with every use, not by an edit). */
const auditSnapshot = ({
  uses: _uses,
  companies_used: _companies,
  status: _status,
  created_at: _created,
  updated_at: _updated,
  ...rest
}: Coupon) => rest;

/** A refusal on the `code` field (or another), with its params for the web's translation. */
function refusal(
  code: ConstructorParameters<typeof AppError>[0],
  params?: Record<string, string | number>,
  field = 'code',
) {
  const message = new AppError(code, params ? { params } : {}).message;
  return new AppError(code, { ...(params ? { params } : {}), errors: { [field]: [message] } });
}

function validationFailed(issues: { path: string; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) errors[issue.path] = [...(errors[issue.path] ?? []), issue.message];
  return new AppError('VALIDATION_FAILED', { message: issues[0]!.message, errors });
}

/** A unique index broke: a concurrent request took the code between our check and our write. */
function isCodeClash(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as Error).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'coupon_codes_code_idx')) return true;
    if ((e as Error).cause === e) break;
  }
  return false;
}

/** The stored grant of a kind: the other kinds' fields are null. */
function grantColumns(value: {
  kind: CouponKind;
  credits?: number | null | undefined;
  credit_type?: CreditType | null | undefined;
  percent_off?: number | null | undefined;
  amount_off_cents?: number | null | undefined;
}) {
  return {
    kind: value.kind,
    credits: value.kind === 'credits' ? (value.credits ?? null) : null,
    creditType: value.kind === 'credits' ? (value.credit_type ?? 'free') : null,
    percentOff: value.kind === 'percent' ? (value.percent_off ?? null) : null,
    amountOffCents: value.kind === 'fixed' ? (value.amount_off_cents ?? null) : null,
  };
}

async function assertPackages(db: DbOrTx, ids: string[] | undefined) {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  if ((await repo.findPackages(db, unique)).length !== unique.length)
    throw refusal('COUPON_PACKAGE_NOT_FOUND', undefined, 'package_ids');
}

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: string) {
  if (await repo.codeTaken(db, code, exceptId)) throw refusal('COUPON_CODE_TAKEN', { code });
}

export async function listCoupons(deps: Deps, query: CouponListQuery) {
  const { data, total } = await repo.listCoupons(deps.db, query);
  return { data: data.map(toCoupon), total };
}

export async function getCoupon(deps: Deps, id: string): Promise<Coupon> {
  const row = await repo.findCoupon(deps.db, id);
  if (!row) throw notFound();
  return toCoupon(row);
}

export async function createCoupon(deps: Deps, actor: Actor, body: CouponInput): Promise<Coupon> {
  try {
    return await deps.db.transaction(async (tx) => {
      await assertCodeFree(tx, body.code);
      await assertPackages(tx, body.package_ids);
      const row = await repo.insertCoupon(tx, {
        code: body.code,
        description: body.description,
        ...grantColumns(body),
        currency: body.currency,
        packageIds: [...new Set(body.package_ids)],
        freeUsers: body.free_users,
        maxUses: body.max_uses,
        maxUsesPerCompany: body.max_uses_per_company,
        startsAt: body.starts_at ? new Date(body.starts_at) : null,
        endsAt: body.ends_at ? new Date(body.ends_at) : null,
        active: body.active,
        createdBy: actor.userId,
      });
      const coupon = toCoupon((await repo.findCoupon(tx, row.id))!);
      await recordAudit(tx, actor, {
        entity: 'coupon-code',
        entityId: coupon.id,
        action: 'create',
        after: auditSnapshot(coupon),
      });
      return coupon;
    });
  } catch (error) {
    if (isCodeClash(error)) throw refusal('COUPON_CODE_TAKEN', { code: body.code });
    throw error;
  }
}

/**
 * Updates the fields the body names. The coupon they leave must be whole (the field of its kind, an end
 * after its start), and a used coupon's limits cannot go below what is used (under the coupon's row lock,
 * so a redemption cannot slip in between).
 */
export async function updateCoupon(deps: Deps, actor: Actor, id: string, body: CouponUpdate): Promise<Coupon> {
  try {
    return await deps.db.transaction(async (tx) => {
      const existing = await repo.findCoupon(tx, id, 'update');
      if (!existing) throw notFound();
      const before = toCoupon(existing);
      const merged = { ...before, ...body };
      const issues = couponIssues(merged);
      if (issues.length) throw validationFailed(issues);
      if (body.code !== undefined) await assertCodeFree(tx, body.code, id);
      await assertPackages(tx, body.package_ids);
      if (body.max_uses != null && body.max_uses < existing.uses)
        throw refusal('COUPON_MAX_USES_BELOW_USES', { uses: existing.uses }, 'max_uses');
      if (body.free_users != null && body.free_users < existing.companiesUsed)
        throw refusal('COUPON_FREE_USERS_BELOW_USED', { companies: existing.companiesUsed }, 'free_users');
      await repo.updateCoupon(tx, id, {
        ...(body.code !== undefined ? { code: body.code } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...grantColumns(merged),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...(body.package_ids !== undefined ? { packageIds: [...new Set(body.package_ids)] } : {}),
        ...(body.free_users !== undefined ? { freeUsers: body.free_users } : {}),
        ...(body.max_uses !== undefined ? { maxUses: body.max_uses } : {}),
        ...(body.max_uses_per_company !== undefined ? { maxUsesPerCompany: body.max_uses_per_company } : {}),
        ...(body.starts_at !== undefined ? { startsAt: body.starts_at ? new Date(body.starts_at) : null } : {}),
        ...(body.ends_at !== undefined ? { endsAt: body.ends_at ? new Date(body.ends_at) : null } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      });
      const after = toCoupon((await repo.findCoupon(tx, id))!);
      await recordAudit(tx, actor, {
        entity: 'coupon-code',
        entityId: id,
        action: 'update',
        before: auditSnapshot(before),
        after: auditSnapshot(after),
      });
      return after;
    });
  } catch (error) {
    if (isCodeClash(error)) throw refusal('COUPON_CODE_TAKEN', { code: body.code ?? '' });
    throw error;
  }
}

/** Marks the coupon deleted: its redemptions and ledger entries keep referring to it; its code is free again. */
export async function deleteCoupon(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await repo.findCoupon(tx, id, 'update');
    if (!existing) throw notFound();
    await repo.markDeleted(tx, id);
    await recordAudit(tx, actor, {
      entity: 'coupon-code',
      entityId: id,
      action: 'delete',
      before: auditSnapshot(toCoupon(existing)),
    });
  });
  return { message: 'The coupon code was deleted' };
}

/** GET /coupon-history/{id}: who used the coupon, newest first. */
export async function couponHistory(deps: Deps, id: string, query: CouponHistoryQuery) {
  const coupon = await repo.findCoupon(deps.db, id);
  if (!coupon) throw notFound();
  const { data, total } = await repo.listRedemptions(deps.db, id, query);
  const rows: CouponRedemption[] = data.map((r) => ({
    id: r.redemption.id,
    coupon_id: r.redemption.couponId,
    company: { id: r.redemption.companyId, name: r.companyName },
    user: r.redemption.userId ? { id: r.redemption.userId, name: r.userName ?? '' } : null,
    credits: r.redemption.credits,
    credit_type: r.redemption.credits !== null ? (coupon.creditType as CreditType | null) : null,
    discount_cents: r.redemption.discountCents,
    invoice_id: r.redemption.invoiceId,
    redeemed_at: r.redemption.redeemedAt.toISOString(),
  }));
  return { data: rows, total };
}

/** The company a caller acts for: its own, or one within its reach (else 404, as for a company that does not exist). */
async function targetCompany(db: DbOrTx, actor: Actor, companyId: string | undefined): Promise<string> {
  const id = companyId ?? actor.companyId;
  if (!(await filterVisibleCompanyIds(db, actor, [id])).length) throw notFound();
  return id;
}

type Purpose = { kind: 'credits' } | { kind: 'discount'; packageId?: string | undefined };

/**
 * The coupon of `code` and what this company may do with it, or the refusal on the code field. With `lock`
 * the coupon's row is held until the transaction ends: every redemption takes this lock first, so the
 * counters it checks cannot change before it writes. A deleted coupon answers like an unknown code.
 */
async function usableCoupon(tx: DbOrTx, code: string, companyId: string, purpose: Purpose, lock: boolean) {
  const coupon = await repo.findCouponByCode(tx, code.trim(), lock ? 'update' : undefined);
  if (!coupon) throw refusal('COUPON_UNKNOWN');
  const companyUses = await repo.usesByCompany(tx, coupon.id, companyId);
  const refused = redemptionRefusal({ ...coupon, kind: coupon.kind as CouponKind }, purpose, companyUses, new Date());
  if (refused) throw refusal(refused.code, refused.params);
  return { coupon, firstForCompany: companyUses === 0 };
}

/** Books one use: the redemption, the counters, and the audit entry. */
async function recordRedemption(
  tx: DbOrTx,
  actor: Actor | undefined,
  coupon: repo.CouponRow,
  companyId: string,
  firstForCompany: boolean,
  grant: { credits?: number; discountCents?: number; invoiceId?: string | null | undefined },
) {
  const redemption = await repo.insertRedemption(tx, {
    couponId: coupon.id,
    companyId,
    userId: actor?.userId ?? null,
    credits: grant.credits ?? null,
    discountCents: grant.discountCents ?? null,
    invoiceId: grant.invoiceId ?? null,
  });
  await repo.countUse(tx, coupon.id, firstForCompany);
  if (actor) {
    await recordAudit(tx, actor, {
      entity: 'coupon-redemption',
      entityId: redemption.id,
      action: 'create',
      companyId,
      after: {
        coupon_id: coupon.id,
        code: coupon.code,
        company_id: companyId,
        credits: redemption.credits,
        credit_type: grant.credits ? coupon.creditType : null,
        discount_cents: redemption.discountCents,
        invoice_id: redemption.invoiceId,
      },
    });
  }
  return redemption;
}

/** POST /redeem-coupon: a company redeems a credits coupon; the credits are booked in the same transaction. */
export async function redeemCoupon(deps: Deps, actor: Actor, body: RedeemCoupon): Promise<RedeemCouponResult> {
  return deps.db.transaction(async (tx) => {
    const companyId = await targetCompany(tx, actor, body.company_id);
    const { coupon, firstForCompany } = await usableCoupon(tx, body.code, companyId, { kind: 'credits' }, true);
    const credits = coupon.credits!;
    const creditType = coupon.creditType as CreditType;
    await recordRedemption(tx, actor, coupon, companyId, firstForCompany, { credits });
    const booking = await addCredits(tx, {
      companyId,
      creditType,
      amount: credits,
      reason: 'coupon',
      couponId: coupon.id,
      actor,
    });
    return {
      message: credits === 1 ? `1 ${creditType} credit was added` : `${credits} ${creditType} credits were added`,
      coupon_id: coupon.id,
      credits,
      credit_type: creditType,
      balance: {
        company_id: companyId,
        balances: { free: booking.balances.free, paid: booking.balances.paid },
        total: booking.balances.free + booking.balances.paid,
      },
    };
  });
}

/** POST /check-coupon: what the coupon would give the company now, without redeeming it. */
export async function checkCoupon(deps: Deps, actor: Actor, body: CheckCoupon): Promise<CheckCouponResult> {
  const companyId = await targetCompany(deps.db, actor, body.company_id);
  const found = await repo.findCouponByCode(deps.db, body.code.trim());
  const purpose: Purpose =
    found && found.kind !== 'credits' ? { kind: 'discount', packageId: body.package_id } : { kind: 'credits' };
  const { coupon } = await usableCoupon(deps.db, body.code, companyId, purpose, false);
  let price: number | null = null;
  let discount: number | null = null;
  if (body.package_id && coupon.kind !== 'credits') {
    const [pkg] = await repo.findPackages(deps.db, [body.package_id]);
    if (!pkg?.active) throw refusal('COUPON_PACKAGE_NOT_FOUND', undefined, 'package_id');
    if (coupon.kind === 'fixed' && pkg.currency !== coupon.currency)
      throw refusal('COUPON_OTHER_CURRENCY', { currency: coupon.currency });
    price = pkg.priceCents;
    discount = discountOn({ ...coupon, kind: coupon.kind as CouponKind }, price);
  }
  const gives =
    coupon.kind === 'credits'
      ? `${coupon.credits} ${coupon.creditType} credits`
      : coupon.kind === 'percent'
        ? `${coupon.percentOff}% off a package`
        : `${(coupon.amountOffCents! / 100).toFixed(2)} ${coupon.currency} off a package`;
  return {
    message: `This coupon gives ${gives}`,
    coupon_id: coupon.id,
    code: coupon.code,
    kind: coupon.kind as CouponKind,
    credits: coupon.credits,
    credit_type: coupon.creditType as CreditType | null,
    percent_off: coupon.percentOff,
    amount_off_cents: coupon.amountOffCents,
    currency: coupon.currency,
    price_cents: price,
    discount_cents: discount,
    final_price_cents: price === null || discount === null ? null : price - discount,
  };
}

/**
 * For the package purchase: applies a discount coupon inside the caller's transaction, under the same lock
 * and checks as a redemption, and records the use with its discount. The caller bills `priceCents` (the price
 * after the discount); with no invoice yet, it sets the redemption's invoice later (`setRedemptionInvoice`).
 * Refusals are AppErrors on the `code` field.
 */
export async function applyDiscountCoupon(
  tx: DbOrTx,
  input: {
    code: string;
    companyId: string;
    packageId: string;
    /** The package's price for this company, in cents. */
    priceCents: number;
    /** The purchase's currency: a fixed discount applies only to its own currency. */
    currency?: string | undefined;
    actor?: Actor | undefined;
    invoiceId?: string | null | undefined;
  },
): Promise<{ couponId: string; redemptionId: string; discountCents: number; priceCents: number }> {
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents < 0)
    throw new Error(`a price is a whole, non-negative number of cents, not ${input.priceCents}`);
  const { coupon, firstForCompany } = await usableCoupon(
    tx,
    input.code,
    input.companyId,
    { kind: 'discount', packageId: input.packageId },
    true,
  );
  if (coupon.kind === 'fixed' && input.currency && input.currency !== coupon.currency)
    throw refusal('COUPON_OTHER_CURRENCY', { currency: coupon.currency });
  const discountCents = discountOn({ ...coupon, kind: coupon.kind as CouponKind }, input.priceCents);
  const redemption = await recordRedemption(tx, input.actor, coupon, input.companyId, firstForCompany, {
    discountCents,
    invoiceId: input.invoiceId,
  });
  return {
    couponId: coupon.id,
    redemptionId: redemption.id,
    discountCents,
    priceCents: input.priceCents - discountCents,
  };
}

/**
 * What a discount coupon takes off a package's price for a company, checked as applyDiscountCoupon checks it
 * (dates, uses, package, currency) but without recording a use: the price a buyer is shown before buying.
 */
export async function previewDiscountCoupon(
  db: DbOrTx,
  input: { code: string; companyId: string; packageId: string; priceCents: number; currency?: string | undefined },
): Promise<{ couponId: string; code: string; discountCents: number; priceCents: number }> {
  const { coupon } = await usableCoupon(
    db,
    input.code,
    input.companyId,
    { kind: 'discount', packageId: input.packageId },
    false,
  );
  if (coupon.kind === 'fixed' && input.currency && input.currency !== coupon.currency)
    throw refusal('COUPON_OTHER_CURRENCY', { currency: coupon.currency });
  const discountCents = discountOn({ ...coupon, kind: coupon.kind as CouponKind }, input.priceCents);
  return { couponId: coupon.id, code: coupon.code, discountCents, priceCents: input.priceCents - discountCents };
}
