import type {
  ReminderLevel,
  ReminderLevelInput,
  ReminderLevelListQuery,
  ReminderLevelUpdate,
} from '@cuspid/contracts/reminder-levels';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import * as repo from './reminder-levels.repository';

function toLevel(row: repo.ReminderLevelRow): ReminderLevel {
  return {
    id: row.id,
    level: row.level,
    level_name: row.levelName,
    period_days: row.periodDays,
    reminder_fee: row.reminderFeeCents,
    start_text: row.startText,
    end_text: row.endText,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const snapshot = ({ created_at: _c, updated_at: _u, ...rest }: ReminderLevel) => rest;

async function assertLevelFree(db: DbOrTx, level: number, exceptId?: string) {
  if (await repo.levelTaken(db, level, exceptId)) throw new AppError('REMINDER_LEVEL_TAKEN', { params: { level } });
}

export async function listLevels(deps: Deps, query: ReminderLevelListQuery) {
  const { data, total } = await repo.listLevels(deps.db, query);
  return { data: data.map(toLevel), total };
}

export async function getLevel(deps: Deps, id: string): Promise<ReminderLevel> {
  const row = await repo.findLevel(deps.db, id);
  if (!row) throw notFound();
  return toLevel(row);
}

export async function createLevel(deps: Deps, actor: Actor, body: ReminderLevelInput): Promise<ReminderLevel> {
  return deps.db.transaction(async (tx) => {
    await repo.lockLevelOrder(tx);
    const level = body.level ?? (await repo.nextLevel(tx));
    await assertLevelFree(tx, level);
    const created = toLevel(
      await repo.insertLevel(tx, {
        level,
        levelName: body.level_name,
        periodDays: body.period_days,
        reminderFeeCents: body.reminder_fee,
        startText: body.start_text,
        endText: body.end_text,
      }),
    );
    await recordAudit(tx, actor, {
      entity: 'reminder-level',
      entityId: created.id,
      action: 'create',
      after: snapshot(created),
    });
    return created;
  });
}

export async function updateLevel(
  deps: Deps,
  actor: Actor,
  id: string,
  body: ReminderLevelUpdate,
): Promise<ReminderLevel> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findLevel(tx, id, true);
    if (!row) throw notFound();
    if (body.level !== undefined) {
      await repo.lockLevelOrder(tx);
      await assertLevelFree(tx, body.level, id);
    }
    const updated = toLevel(
      await repo.updateLevel(tx, id, {
        ...(body.level !== undefined ? { level: body.level } : {}),
        ...(body.level_name !== undefined ? { levelName: body.level_name } : {}),
        ...(body.period_days !== undefined ? { periodDays: body.period_days } : {}),
        ...(body.reminder_fee !== undefined ? { reminderFeeCents: body.reminder_fee } : {}),
        ...(body.start_text !== undefined ? { startText: body.start_text } : {}),
        ...(body.end_text !== undefined ? { endText: body.end_text } : {}),
      }),
    );
    await recordAudit(tx, actor, {
      entity: 'reminder-level',
      entityId: id,
      action: 'update',
      before: snapshot(toLevel(row)),
      after: snapshot(updated),
    });
    return updated;
  });
}

export async function deleteLevel(deps: Deps, actor: Actor, id: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findLevel(tx, id, true);
    if (!row) throw notFound();
    await repo.deleteLevel(tx, id);
    await recordAudit(tx, actor, {
      entity: 'reminder-level',
      entityId: id,
      action: 'delete',
      before: snapshot(toLevel(row)),
    });
    return { message: 'The reminder level was deleted' };
  });
}
