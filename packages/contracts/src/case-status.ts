/**
 * The case state machine (ADR 0102, diagram in docs/case-states.md): every status a case can be in and
 * every move between them, with who may make it. The server's cases module refuses any other move; the
 * web reads the same table to offer only the actions that can succeed.
 *
 * - Processing: queued → in-progress → done | unsupported | failed. The credits of an unsupported or failed
 *   processing go back to the company.
 * - Review: done → in-approval (results released to the customer; automatic) → approved | rejected;
 *   approved → finished. Reviewed, failed and unsupported cases can be queued again (recalculation).
 * - Housekeeping: flagged, trash and hidden set a case aside and remember the status it had
 *   (`previous_status`); restoring returns it there. Hidden cases are invisible to the customer.
 */
export const CASE_STATUSES = [
  'in-approval',
  'approved',
  'rejected',
  'finished',
  'flagged',
  'trash',
  'in-progress',
  'queued',
  'done',
  'unsupported',
  'failed',
  'hidden',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The status of one jaw's scan file (spec section 4). */
export const UPLOAD_STATUSES = ['queued', 'done', 'unsupported'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** A result version's status: written by the engine, then reviewed. */
export const RESULT_STATUSES = ['in-progress', 'done', 'failed', 'approved', 'rejected', 'hidden'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Statuses that set a case aside and remember where it was. */
export const HOUSEKEEPING_STATUSES = ['flagged', 'trash', 'hidden'] as const satisfies readonly CaseStatus[];
export type HousekeepingStatus = (typeof HOUSEKEEPING_STATUSES)[number];
export const isHousekeeping = (status: CaseStatus): status is HousekeepingStatus =>
  (HOUSEKEEPING_STATUSES as readonly CaseStatus[]).includes(status);

/** The engine is working on the case: no one edits its files or teeth, and it cannot be set aside. */
export const PROCESSING_STATUSES = ['queued', 'in-progress'] as const satisfies readonly CaseStatus[];
export const isProcessing = (status: CaseStatus) => (PROCESSING_STATUSES as readonly CaseStatus[]).includes(status);

/** Statuses from which a case may be queued again; `full` ones cost the whole price (they were refunded). */
export const REQUEUE_FROM = {
  done: 'recalculation',
  'in-approval': 'recalculation',
  approved: 'recalculation',
  rejected: 'recalculation',
  unsupported: 'full',
  failed: 'full',
} as const satisfies Partial<Record<CaseStatus, 'recalculation' | 'full'>>;
export const requeuePricing = (status: CaseStatus): 'recalculation' | 'full' | null =>
  (REQUEUE_FROM as Partial<Record<CaseStatus, 'recalculation' | 'full'>>)[status] ?? null;

/**
 * Who moves a case: `system` (submission, the processing job, the built-in reference engine), `engine`
 * (an external engine through its API key), `customer` (a user of the case's company or a partner above it,
 * with the case permission), `staff` (the back office).
 */
export const CASE_MOVERS = ['system', 'engine', 'customer', 'staff'] as const;
export type CaseMover = (typeof CASE_MOVERS)[number];

type Moves = Partial<Record<CaseStatus, readonly CaseMover[]>>;

const settled = ['done', 'in-approval', 'approved', 'rejected', 'finished', 'unsupported', 'failed'] as const;

/** The moves out of each status that are not housekeeping (see `housekeepingMoves`). */
export const CASE_TRANSITIONS: Record<CaseStatus, Moves> = {
  queued: { 'in-progress': ['system', 'engine'], failed: ['system', 'staff'] },
  'in-progress': {
    done: ['system', 'engine'],
    unsupported: ['system', 'engine'],
    failed: ['system', 'engine', 'staff'],
    // A processing that was cut off (the engine lost the job) starts again.
    queued: ['system'],
  },
  done: { 'in-approval': ['system', 'staff'], queued: ['customer', 'staff'] },
  'in-approval': { approved: ['customer', 'staff'], rejected: ['customer', 'staff'], queued: ['customer', 'staff'] },
  approved: { finished: ['customer', 'staff'], 'in-approval': ['staff'], queued: ['customer', 'staff'] },
  rejected: { 'in-approval': ['staff'], queued: ['customer', 'staff'] },
  finished: { approved: ['staff'] },
  unsupported: { queued: ['customer', 'staff'] },
  failed: { queued: ['customer', 'staff'] },
  // Housekeeping statuses leave only to the status they remember (housekeepingMoves).
  flagged: {},
  trash: {},
  hidden: {},
};

/** Who may set a settled case aside in each housekeeping status, and who may bring it back. */
export const HOUSEKEEPING_MOVERS: Record<HousekeepingStatus, readonly CaseMover[]> = {
  trash: ['customer', 'staff'],
  flagged: ['staff'],
  hidden: ['staff'],
};

export type TransitionCheck = { ok: true } | { ok: false; reason: 'same' | 'not-allowed' | 'not-yours' };

/**
 * Whether `mover` may move a case from `from` to `to`. `previous` is the status a housekeeping status
 * remembers: leaving trash, flagged or hidden is allowed only back to it (or from one housekeeping status
 * to another, keeping it).
 */
export function checkTransition(
  from: CaseStatus,
  to: CaseStatus,
  mover: CaseMover,
  previous?: CaseStatus | null,
): TransitionCheck {
  if (from === to) return { ok: false, reason: 'same' };
  const movers = allowedMovers(from, to, previous);
  if (!movers.length) return { ok: false, reason: 'not-allowed' };
  return movers.includes(mover) ? { ok: true } : { ok: false, reason: 'not-yours' };
}

function allowedMovers(from: CaseStatus, to: CaseStatus, previous?: CaseStatus | null): readonly CaseMover[] {
  if (isHousekeeping(from)) {
    if (isHousekeeping(to)) {
      // Moving between aside statuses keeps the remembered status; both ends' movers must agree.
      return HOUSEKEEPING_MOVERS[from].filter((m) => HOUSEKEEPING_MOVERS[to].includes(m));
    }
    return previous === to ? HOUSEKEEPING_MOVERS[from] : [];
  }
  if (isHousekeeping(to)) {
    return (settled as readonly CaseStatus[]).includes(from) ? HOUSEKEEPING_MOVERS[to] : [];
  }
  return CASE_TRANSITIONS[from][to] ?? [];
}

/** Every status a case in `from` can reach, and who may move it there (for the web's action menus and the docs). */
export function nextStatuses(
  from: CaseStatus,
  previous?: CaseStatus | null,
): { status: CaseStatus; movers: readonly CaseMover[] }[] {
  return CASE_STATUSES.filter((to) => to !== from)
    .map((to) => ({ status: to, movers: allowedMovers(from, to, previous) }))
    .filter((move) => move.movers.length > 0);
}

/** The status a case takes when it leaves housekeeping, and the one it remembers when it enters it. */
export function rememberedStatus(from: CaseStatus, previous: CaseStatus | null, to: CaseStatus): CaseStatus | null {
  if (!isHousekeeping(to)) return null;
  return isHousekeeping(from) ? previous : from;
}

/** Result-status moves: the engine finishes or fails a result; the customer's review approves or rejects it. */
export const RESULT_TRANSITIONS: Record<ResultStatus, Partial<Record<ResultStatus, readonly CaseMover[]>>> = {
  'in-progress': { done: ['system', 'engine', 'staff'], failed: ['system', 'engine', 'staff'] },
  done: { approved: ['customer', 'staff'], rejected: ['customer', 'staff'], hidden: ['staff'], failed: ['engine'] },
  failed: { hidden: ['staff'], done: ['staff'] },
  approved: { done: ['staff'], hidden: ['staff'] },
  rejected: { done: ['staff'], hidden: ['staff'] },
  hidden: { done: ['staff'] },
};

export function checkResultTransition(from: ResultStatus, to: ResultStatus, mover: CaseMover): TransitionCheck {
  return checkTable(RESULT_TRANSITIONS, from, to, mover);
}

/**
 * A jaw's scan (upload status) follows its case's processing: each processing run reports every live jaw
 * done or unsupported (the system's reference engine or an external engine), and a case queued again
 * (a recalculation by the customer or staff, or a run that was cut off) queues its scans again.
 */
export const UPLOAD_TRANSITIONS: Record<UploadStatus, Partial<Record<UploadStatus, readonly CaseMover[]>>> = {
  queued: { done: ['system', 'engine'], unsupported: ['system', 'engine'] },
  done: { queued: ['system', 'customer', 'staff'] },
  unsupported: { queued: ['system', 'customer', 'staff'] },
};

export function checkUploadTransition(from: UploadStatus, to: UploadStatus, mover: CaseMover): TransitionCheck {
  return checkTable(UPLOAD_TRANSITIONS, from, to, mover);
}

function checkTable<S extends string>(
  table: Record<S, Partial<Record<S, readonly CaseMover[]>>>,
  from: S,
  to: S,
  mover: CaseMover,
): TransitionCheck {
  if (from === to) return { ok: false, reason: 'same' };
  const movers = table[from][to] ?? [];
  if (!movers.length) return { ok: false, reason: 'not-allowed' };
  return movers.includes(mover) ? { ok: true } : { ok: false, reason: 'not-yours' };
}
