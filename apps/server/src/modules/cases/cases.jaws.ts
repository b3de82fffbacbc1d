// A case's jaw scans: deleting and restoring one, and correcting its orientation.
import type { Case, jawActionSchema, jawOrientationSchema } from '@cuspid/contracts/cases';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { changeCase } from './cases.change';
import { byActor, logCase } from './cases.machine';
import * as repo from './cases.repository';

export async function deleteJaw(deps: Deps, actor: Actor, body: z.output<typeof jawActionSchema>): Promise<Case> {
  return changeJaw(deps, actor, body, 'deleted', (jaws) => {
    const live = jaws.filter((j) => !j.deletedAt);
    if (!live.some((j) => j.jaw === body.jaw)) throw new AppError('CASE_JAW_MISSING', { params: { jaw: body.jaw } });
    if (live.length === 1) throw new AppError('CASE_LAST_JAW');
  });
}

export async function restoreJaw(deps: Deps, actor: Actor, body: z.output<typeof jawActionSchema>): Promise<Case> {
  return changeJaw(deps, actor, body, 'present', (jaws) => {
    const jaw = jaws.find((j) => j.jaw === body.jaw);
    if (!jaw) throw new AppError('CASE_JAW_MISSING', { params: { jaw: body.jaw } });
    if (!jaw.deletedAt) throw new AppError('CASE_JAW_NOT_DELETED', { params: { jaw: body.jaw } });
  });
}

/**
 * POST /jaw-orientation (ADR 0117): the user's correction of a jaw scan's detected anatomical frame, one of the
 * 24 quarter-turn rotations; whoever may edit the case may set it, also while it is processed (it changes only
 * how the scan is shown). Logged and audited.
 */
export async function setJawOrientation(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof jawOrientationSchema>,
): Promise<Case> {
  return changeCase(deps, actor, body.id, async (tx, row) => {
    const jaw = (await repo.listJaws(tx, [row.id])).find((j) => j.jaw === body.jaw && !j.deletedAt);
    if (!jaw) throw new AppError('CASE_JAW_MISSING', { params: { jaw: body.jaw } });
    if (jaw.orientation === body.orientation) return;
    await repo.updateJaw(tx, row.id, body.jaw, { orientation: body.orientation });
    await logCase(tx, row.id, byActor(actor), {
      kind: 'jaw',
      code: 'jaw-turned',
      params: { jaw: body.jaw, orientation: body.orientation },
    });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: row.id,
      action: 'update',
      companyId: row.companyId,
      before: { [`${body.jaw}_orientation`]: jaw.orientation },
      after: { [`${body.jaw}_orientation`]: body.orientation },
    });
    await repo.notifyCaseChanged(tx, row.id);
  });
}

/** Deletes or restores one jaw's scan (never while processing), after `check`; logged, audited and notified. */
async function changeJaw(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof jawActionSchema>,
  to: 'deleted' | 'present',
  check: (jaws: repo.JawRow[]) => void,
): Promise<Case> {
  return changeCase(deps, actor, body.id, async (tx, row) => {
    assertNotProcessing(row);
    check(await repo.listJaws(tx, [row.id]));
    await repo.updateJaw(tx, row.id, body.jaw, { deletedAt: to === 'deleted' ? new Date() : null });
    await logCase(tx, row.id, byActor(actor), {
      kind: 'jaw',
      code: to === 'deleted' ? 'jaw-deleted' : 'jaw-restored',
      params: { jaw: body.jaw },
    });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: row.id,
      action: 'update',
      companyId: row.companyId,
      before: { [`${body.jaw}_jaw`]: to === 'deleted' ? 'present' : 'deleted' },
      after: { [`${body.jaw}_jaw`]: to },
    });
    await repo.notifyCaseChanged(tx, row.id);
  });
}

function assertNotProcessing(row: repo.CaseRow) {
  if (row.status === 'queued' || row.status === 'in-progress') throw new AppError('CASE_PROCESSING');
}
