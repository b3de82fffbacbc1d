import { randomUUID } from 'node:crypto';
import { type CreditReason, type CreditType, SPEND_ORDER } from '@cuspid/contracts/credits';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import * as repo from './credits.repository';

/**
 * The one way credits move (ADR 0090). Each function must run inside the caller's transaction: it locks
 * the company's balance rows first, so bookings of one company follow each other and a balance can
 * neither go below zero nor differ from the sum of the ledger. Nothing here ever edits an entry.
 */

/** What an entry refers to and who booked it (null: the system, e.g. the registration bonus). */
export type BookingRefs = {
  caseId?: string | null | undefined;
  invoiceId?: string | null | undefined;
  couponId?: string | null | undefined;
  packageId?: string | null | undefined;
  note?: string | null | undefined;
  /** The caller, for the ledger's `created_by` and the audit trail; omitted for system bookings. */
  actor?: Actor | undefined;
};

export type Booking = { bookingId: string; entries: repo.LedgerRow[]; balances: repo.Balances };

type AddReason = Extract<
  CreditReason,
  'purchase' | 'refund' | 'coupon' | 'registration_bonus' | 'manual_grant' | 'correction' | 'commission_payout'
>;
type SpendReason = Extract<CreditReason, 'case_submission' | 'recalculation'>;
type TakeReason = Extract<CreditReason, 'expiry' | 'correction'>;

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`a booking moves a positive whole amount, not ${amount}`);
}

async function write(
  tx: DbOrTx,
  companyId: string,
  reason: CreditReason,
  moves: { creditType: CreditType; amount: number }[],
  balances: repo.Balances,
  refs: BookingRefs & { refundOf?: string },
): Promise<Booking> {
  const bookingId = randomUUID();
  const after = { ...balances };
  const entries: repo.NewEntry[] = [];
  for (const move of moves) {
    after[move.creditType] += move.amount;
    entries.push({
      bookingId,
      companyId,
      creditType: move.creditType,
      amount: move.amount,
      balanceAfter: after[move.creditType],
      reason,
      caseId: refs.caseId,
      invoiceId: refs.invoiceId,
      couponId: refs.couponId,
      packageId: refs.packageId,
      refundOf: refs.refundOf,
      note: refs.note,
      createdBy: refs.actor?.userId ?? null,
    });
  }
  const rows = await repo.insertEntries(tx, entries);
  for (const move of moves) await repo.setBalance(tx, companyId, move.creditType, after[move.creditType]);
  if (refs.actor) {
    await recordAudit(tx, refs.actor, {
      entity: 'credit-booking',
      entityId: bookingId,
      action: 'create',
      companyId,
      after: {
        reason,
        moves: moves.map((m) => `${m.amount > 0 ? '+' : ''}${m.amount} ${m.creditType}`),
        note: refs.note ?? null,
        case_id: refs.caseId ?? null,
        invoice_id: refs.invoiceId ?? null,
        coupon_id: refs.couponId ?? null,
        package_id: refs.packageId ?? null,
        refund_of: refs.refundOf ?? null,
      },
    });
  }
  return { bookingId, entries: rows, balances: after };
}

/** Adds `amount` credits of one type. */
export async function addCredits(
  tx: DbOrTx,
  booking: BookingRefs & { companyId: string; creditType: CreditType; amount: number; reason: AddReason },
): Promise<Booking> {
  assertAmount(booking.amount);
  const balances = await repo.lockBalances(tx, booking.companyId);
  return write(
    tx,
    booking.companyId,
    booking.reason,
    [{ creditType: booking.creditType, amount: booking.amount }],
    balances,
    booking,
  );
}

/** How a spend of `amount` is taken from the balances: SPEND_ORDER, each type as far as it goes; null if they do not cover it. */
export function spendPlan(
  balances: repo.Balances,
  amount: number,
): { creditType: CreditType; amount: number }[] | null {
  let left = amount;
  const moves: { creditType: CreditType; amount: number }[] = [];
  for (const creditType of SPEND_ORDER) {
    const take = Math.min(left, balances[creditType]);
    if (take > 0) moves.push({ creditType, amount: -take });
    left -= take;
  }
  return left === 0 ? moves : null;
}

/**
 * Spends `amount` credits on a case (free credits first, ADR 0090). Refuses with NOT_ENOUGH_CREDITS
 * (or the recalculation's own message) and books nothing when the balance does not cover it.
 */
export async function spendCredits(
  tx: DbOrTx,
  booking: BookingRefs & {
    companyId: string;
    amount: number;
    reason: SpendReason;
  },
): Promise<Booking> {
  assertAmount(booking.amount);
  const balances = await repo.lockBalances(tx, booking.companyId);
  const moves = spendPlan(balances, booking.amount);
  if (!moves) {
    throw new AppError(
      booking.reason === 'recalculation' ? 'NOT_ENOUGH_CREDITS_TO_RECALCULATE' : 'NOT_ENOUGH_CREDITS',
      {
        params: { needed: booking.amount, available: balances.free + balances.paid },
      },
    );
  }
  return write(tx, booking.companyId, booking.reason, moves, balances, booking);
}

/** Takes `amount` credits of one type (an expiry, or a correction downwards); never below zero. */
export async function takeCredits(
  tx: DbOrTx,
  booking: BookingRefs & { companyId: string; creditType: CreditType; amount: number; reason: TakeReason },
): Promise<Booking> {
  assertAmount(booking.amount);
  const balances = await repo.lockBalances(tx, booking.companyId);
  if (balances[booking.creditType] < booking.amount) {
    throw new AppError('CREDIT_BALANCE_TOO_LOW', {
      params: { credit_type: booking.creditType, balance: balances[booking.creditType], amount: booking.amount },
      errors: { amount: [`The company holds only ${balances[booking.creditType]} ${booking.creditType} credits`] },
    });
  }
  return write(
    tx,
    booking.companyId,
    booking.reason,
    [{ creditType: booking.creditType, amount: -booking.amount }],
    balances,
    booking,
  );
}

/**
 * Gives back what a spend took (a case the engine could not process, a failed recalculation), to the
 * same credit types, once: a second refund of the same booking is refused (CREDIT_ALREADY_REFUNDED).
 */
export async function refundBooking(
  tx: DbOrTx,
  booking: Omit<BookingRefs, 'couponId' | 'packageId'> & { companyId: string; bookingId: string },
): Promise<Booking> {
  const balances = await repo.lockBalances(tx, booking.companyId);
  const spent = (await repo.findBooking(tx, booking.companyId, booking.bookingId)).filter((e) => e.amount < 0);
  if (!spent.length) throw new AppError('NOT_FOUND');
  if ((await repo.refundsOf(tx, booking.bookingId)).length) throw new AppError('CREDIT_ALREADY_REFUNDED');
  const moves = spent.map((e) => ({ creditType: e.creditType as CreditType, amount: -e.amount }));
  return write(tx, booking.companyId, 'refund', moves, balances, {
    ...booking,
    caseId: booking.caseId ?? spent[0]!.caseId,
    invoiceId: booking.invoiceId ?? spent[0]!.invoiceId,
    refundOf: booking.bookingId,
  });
}
