import { describe, expect, it } from 'vitest';
import {
  CASE_MOVERS,
  CASE_STATUSES,
  type CaseStatus,
  checkResultTransition,
  checkTransition,
  checkUploadTransition,
  nextStatuses,
  RESULT_STATUSES,
  rememberedStatus,
  requeuePricing,
  type TransitionCheck,
  UPLOAD_STATUSES,
} from './case-status';

// The allowed moves written out one by one (docs/case-states.md), independently of the table in case-status.ts:
// `from > to: movers`. Every other combination of status, status and mover must be refused.
const ALLOWED = `
queued > in-progress: system engine
queued > failed: system staff
in-progress > done: system engine
in-progress > unsupported: system engine
in-progress > failed: system engine staff
in-progress > queued: system
done > in-approval: system staff
done > queued: customer staff
in-approval > approved: customer staff
in-approval > rejected: customer staff
in-approval > queued: customer staff
approved > finished: customer staff
approved > in-approval: staff
approved > queued: customer staff
rejected > in-approval: staff
rejected > queued: customer staff
finished > approved: staff
unsupported > queued: customer staff
failed > queued: customer staff
`;

const SETTLED: CaseStatus[] = ['done', 'in-approval', 'approved', 'rejected', 'finished', 'unsupported', 'failed'];
const ASIDE = { trash: ['customer', 'staff'], flagged: ['staff'], hidden: ['staff'] } as const;

function expectedMovers(from: CaseStatus, to: CaseStatus, previous: CaseStatus | null): readonly string[] {
  if (from === to) return [];
  if (from in ASIDE) {
    const fromMovers = ASIDE[from as keyof typeof ASIDE];
    if (to in ASIDE)
      return fromMovers.filter((m) => (ASIDE[to as keyof typeof ASIDE] as readonly string[]).includes(m));
    return previous === to ? fromMovers : [];
  }
  if (to in ASIDE) return SETTLED.includes(from) ? ASIDE[to as keyof typeof ASIDE] : [];
  for (const line of ALLOWED.trim().split('\n')) {
    const [move, movers] = line.split(': ');
    const [a, b] = move!.split(' > ');
    if (a === from && b === to) return movers!.split(' ');
  }
  return [];
}

describe('the case state machine', () => {
  it('allows exactly the listed moves, each only for its movers, and refuses every other one', () => {
    let allowed = 0;
    let refused = 0;
    for (const from of CASE_STATUSES) {
      const previousOptions: (CaseStatus | null)[] = from in ASIDE ? [...SETTLED, null] : [null];
      for (const previous of previousOptions) {
        for (const to of CASE_STATUSES) {
          const movers = expectedMovers(from, to, previous);
          for (const mover of CASE_MOVERS) {
            const result = checkTransition(from, to, mover, previous);
            const where = `${from} (was ${previous}) > ${to} by ${mover}`;
            if (movers.includes(mover)) {
              expect(result, where).toEqual({ ok: true });
              allowed++;
            } else {
              expect(result.ok, where).toBe(false);
              const reason = from === to ? 'same' : movers.length ? 'not-yours' : 'not-allowed';
              expect(result, where).toEqual({ ok: false, reason });
              refused++;
            }
          }
        }
      }
    }
    // Every combination was asked (12 statuses, 7 remembered statuses for the 3 aside ones, 4 movers).
    expect(allowed + refused).toBe((9 + 3 * 8) * 12 * 4);
    expect(allowed).toBeGreaterThan(60);
  });

  it('leaves a set-aside status only to the status it remembers, and keeps it across set-aside statuses', () => {
    expect(checkTransition('trash', 'approved', 'customer', 'approved')).toEqual({ ok: true });
    expect(checkTransition('trash', 'rejected', 'customer', 'approved')).toEqual({ ok: false, reason: 'not-allowed' });
    expect(rememberedStatus('approved', null, 'trash')).toBe('approved');
    expect(rememberedStatus('flagged', 'approved', 'trash')).toBe('approved');
    expect(rememberedStatus('trash', 'approved', 'approved')).toBeNull();
    // Never set aside while processing: the engine is working on it.
    expect(checkTransition('in-progress', 'trash', 'staff')).toEqual({ ok: false, reason: 'not-allowed' });
    expect(checkTransition('queued', 'hidden', 'staff')).toEqual({ ok: false, reason: 'not-allowed' });
  });

  it('offers the next statuses per mover for menus', () => {
    expect(nextStatuses('in-approval').map((m) => m.status)).toEqual(
      expect.arrayContaining(['approved', 'rejected', 'queued', 'trash', 'flagged', 'hidden']),
    );
    expect(nextStatuses('trash', 'failed')).toEqual([
      { status: 'flagged', movers: ['staff'] },
      { status: 'failed', movers: ['customer', 'staff'] },
      { status: 'hidden', movers: ['staff'] },
    ]);
  });

  it('prices a recalculation of a reviewed case and a full price for a refunded one', () => {
    expect(requeuePricing('rejected')).toBe('recalculation');
    expect(requeuePricing('approved')).toBe('recalculation');
    expect(requeuePricing('failed')).toBe('full');
    expect(requeuePricing('unsupported')).toBe('full');
    expect(requeuePricing('queued')).toBeNull();
    expect(requeuePricing('trash')).toBeNull();
  });
});

describe('result statuses', () => {
  it('moves results through the engine and the review, and refuses the rest', () => {
    expect(checkResultTransition('in-progress', 'done', 'engine')).toEqual({ ok: true });
    expect(checkResultTransition('done', 'approved', 'customer')).toEqual({ ok: true });
    expect(checkResultTransition('done', 'hidden', 'customer')).toEqual({ ok: false, reason: 'not-yours' });
    expect(checkResultTransition('approved', 'rejected', 'staff')).toEqual({ ok: false, reason: 'not-allowed' });
    expect(checkResultTransition('done', 'done', 'staff')).toEqual({ ok: false, reason: 'same' });
    for (const from of RESULT_STATUSES) {
      expect(checkResultTransition(from, from, 'system').ok).toBe(false);
    }
  });
});

/** Checks every (from, to, mover) of a small machine against moves written out as `from > to: movers`. */
function expectExactly<S extends string>(
  statuses: readonly S[],
  written: string,
  check: (from: S, to: S, mover: (typeof CASE_MOVERS)[number]) => TransitionCheck,
) {
  const listed = new Map(
    written
      .trim()
      .split('\n')
      .map((line) => {
        const [move, movers] = line.split(': ');
        return [move!, movers!.split(' ')] as const;
      }),
  );
  let allowed = 0;
  for (const from of statuses) {
    for (const to of statuses) {
      const movers = listed.get(`${from} > ${to}`) ?? [];
      for (const mover of CASE_MOVERS) {
        const where = `${from} > ${to} by ${mover}`;
        const reason = from === to ? 'same' : movers.length ? 'not-yours' : 'not-allowed';
        expect(check(from, to, mover), where).toEqual(movers.includes(mover) ? { ok: true } : { ok: false, reason });
        if (movers.includes(mover)) allowed++;
      }
    }
  }
  // Every written move exists: a typo in a status name would otherwise pass as 'refused'.
  expect(allowed).toBe([...listed.values()].reduce((sum, movers) => sum + movers.length, 0));
}

describe('every result move', () => {
  it('allows exactly the listed moves, each only for its movers, and refuses every other one', () => {
    expectExactly(
      RESULT_STATUSES,
      `
in-progress > done: system engine staff
in-progress > failed: system engine staff
done > approved: customer staff
done > rejected: customer staff
done > hidden: staff
done > failed: engine
failed > hidden: staff
failed > done: staff
approved > done: staff
approved > hidden: staff
rejected > done: staff
rejected > hidden: staff
hidden > done: staff
`,
      checkResultTransition,
    );
  });
});

describe('every upload (jaw scan) move', () => {
  it('allows exactly the listed moves, each only for its movers, and refuses every other one', () => {
    expectExactly(
      UPLOAD_STATUSES,
      `
queued > done: system engine
queued > unsupported: system engine
done > queued: system customer staff
unsupported > queued: system customer staff
`,
      checkUploadTransition,
    );
  });
});
