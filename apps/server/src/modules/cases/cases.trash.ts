// Removing trashed cases for good, chosen ones or a whole trash, with their files in storage.
import type { BulkResult } from '@cuspid/contracts';
import type { EmptyTrashResult, emptyTrashSchema } from '@cuspid/contracts/cases';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { assertCaseUnlocked, bulk } from './cases.change';
import { passesLock } from './cases.policy';
import * as repo from './cases.repository';

/** POST /delete-cases: removes trashed cases for good, with their files in storage. */
export async function deleteCases(deps: Deps, actor: Actor, ids: string[]): Promise<BulkResult> {
  const keys: string[] = [];
  const result = await bulk(deps, actor, ids, async (tx, row) => {
    await assertCaseUnlocked(tx, actor, row);
    if (row.status !== 'trash') throw new AppError('CASE_NOT_IN_TRASH');
    keys.push(...(await repo.storageKeysOf(tx, [row.id])));
    await removeCase(tx, actor, row);
  });
  await removeObjects(deps, keys);
  return result;
}

async function removeCase(tx: DbOrTx, actor: Actor, row: repo.CaseRow) {
  await repo.deleteCasesById(tx, [row.id]);
  await recordAudit(tx, actor, {
    entity: 'case',
    entityId: row.id,
    action: 'delete',
    companyId: row.companyId,
    before: { name: row.name, patient: row.patient, status: row.status },
  });
}

/** Storage objects of removed cases go after the transaction committed (a rollback keeps them). */
async function removeObjects(deps: Deps, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.logger.warn({ err, key }, 'a file of a deleted case could not be removed from storage');
    }
  }
}

/**
 * POST /empty-trash (ADR 0116): the trashed cases of a company, or without one of every company the actor may see,
 * removed for good in one transaction, with their files after it; the answer counts them per company. Cases another
 * user holds locked stay in the trash and are counted as such. A dry run answers the same and deletes nothing.
 */
export async function emptyTrash(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof emptyTrashSchema>,
): Promise<EmptyTrashResult> {
  if (input.dry_run) return trashPerCompany(actor, await findTrash(deps.db, actor, input.company_id, false));
  const keys: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const rows = await findTrash(tx, actor, input.company_id, true);
    const removable = rows.filter((row) => passesLock(actor, row));
    keys.push(
      ...(await repo.storageKeysOf(
        tx,
        removable.map((r) => r.id),
      )),
    );
    for (const row of removable) await removeCase(tx, actor, row);
    return trashPerCompany(actor, rows);
  });
  await removeObjects(deps, keys);
  return result;
}

/** The trash empty trash works on; a company named but out of the actor's reach (or deleted) is not found. */
async function findTrash(db: DbOrTx, actor: Actor, companyId: string | undefined, lock: boolean) {
  if (companyId && !(await findVisibleCompanyCountry(db, actor, companyId))) throw new AppError('NOT_FOUND');
  return repo.listTrashedCases(db, actor, companyId, { lock });
}

/** Per company whose trash held any case: how many go (or went), and how many stay locked; by company name. */
function trashPerCompany(actor: Actor, rows: repo.TrashedCase[]): EmptyTrashResult {
  const byCompany = new Map<string, EmptyTrashResult['companies'][number]>();
  for (const row of rows) {
    const entry = byCompany.get(row.companyId) ?? {
      company_id: row.companyId,
      company_name: row.companyName,
      deleted: 0,
      locked: 0,
    };
    if (passesLock(actor, row)) entry.deleted += 1;
    else entry.locked += 1;
    byCompany.set(row.companyId, entry);
  }
  const companies = [...byCompany.values()].sort(
    (a, b) => a.company_name.localeCompare(b.company_name) || a.company_id.localeCompare(b.company_id),
  );
  return { deleted: companies.reduce((sum, entry) => sum + entry.deleted, 0), companies };
}
