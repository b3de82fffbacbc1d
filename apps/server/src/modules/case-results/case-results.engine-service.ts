import { randomUUID } from 'node:crypto';
import type { CaseResult, engineOutcomeSchema, Jaw, ResultFile } from '@cuspid/contracts/cases';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { defineJob } from '../../jobs/define-job';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  byActor,
  type CaseChanger,
  type CaseRow,
  completeProcessing,
  failRun,
  findVisibleCase,
  getCase,
  insertResult,
  insertResultFiles,
  listOverdueExternalRuns,
  listResults,
  lockCase,
  lockVisibleCase,
  logCase,
  moveResult,
  moverOf,
  notifyCaseChanged,
  type ResultRow,
  SYSTEM,
  updateCase,
  updateResult,
} from '../cases';
import { heldCase, heldResult, notInEngine } from './case-results.engine-run';
import * as repo from './case-results.repository';
import { resultsOf } from './case-results.service';

/**
 * The external engine's calls (ADR 0101): an API key holding backoffice-case-engine saves result versions
 * and their files for a case it is processing, and reports how the run ended. Only in a run the calling
 * engine account holds (ADR 0113), while the case is in progress with the external engine, in the run the
 * call names (job_id): a late call changes nothing (case-results.engine-run.ts).
 */

/** A file an engine call stored, before its result version exists. */
export type StoredFile = {
  key: string;
  kind: ResultFile['kind'];
  jaw: Jaw | null;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
};

/** Where a call's files go, and the run they belong to. */
export type EngineTarget = { caseId: string; companyId: string; run: number; folder: string };

/** Checks a call before its files are read (nothing locked while they stream in). */
export async function engineTarget(deps: Deps, actor: Actor, caseId: string, jobId?: string | null) {
  const row = await heldCase(deps.db, actor, await findVisibleCase(deps.db, actor, caseId), jobId);
  const target: EngineTarget = {
    caseId: row.id,
    companyId: row.companyId,
    run: row.processingRun,
    folder: `cases/${row.id}/results/${row.processingRun}-${randomUUID()}`,
  };
  return target;
}

/** The case again, locked, still in the same run and held by the caller (the files took a while to arrive). */
async function lockTarget(tx: DbOrTx, actor: Actor, target: EngineTarget): Promise<CaseRow> {
  const row = await heldCase(tx, actor, await lockVisibleCase(tx, actor, target.caseId));
  if (row.processingRun !== target.run) throw notInEngine(row);
  return row;
}

export type NewResult = { status: 'done' | 'in-progress'; note: string | null; files: StoredFile[] };

const fileRows = (resultId: string, files: StoredFile[]) =>
  files.map((f) => ({
    resultId,
    kind: f.kind,
    jaw: f.jaw,
    fileName: f.fileName,
    contentType: f.contentType,
    size: f.size,
    sha256: f.sha256,
    storageKey: f.key,
  }));

/**
 * Saves result versions of the run with their stored files, in one transaction: all of them or none (the
 * caller deletes the stored files when this throws). Logged on the case and in the audit trail.
 */
export async function saveResults(
  deps: Deps,
  actor: Actor,
  target: EngineTarget,
  results: NewResult[],
): Promise<CaseResult[]> {
  const changer = byActor(actor);
  return deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, actor, target);
    const saved: ResultRow[] = [];
    for (const result of results) {
      const created = await insertResult(tx, {
        caseId: row.id,
        status: result.status,
        engine: 'external',
        processingRun: row.processingRun,
        note: result.note,
      });
      await insertResultFiles(tx, fileRows(created.id, result.files));
      await logCase(tx, row.id, changer, {
        kind: 'result',
        code: 'engine-result-saved',
        params: { version: created.version, files: result.files.length, status: result.status },
        details: { result_id: created.id, version: created.version, files: result.files.map((f) => f.fileName) },
      });
      await recordAudit(tx, actor, {
        entity: 'case-result',
        entityId: created.id,
        action: 'create',
        companyId: row.companyId,
        after: {
          case_id: row.id,
          version: created.version,
          status: created.status,
          files: result.files.map((f) => ({ file_name: f.fileName, size: f.size, sha256: f.sha256 })),
        },
      });
      saved.push(created);
    }
    await updateCase(tx, row.id, { resultCount: row.resultCount + saved.length });
    await notifyCaseChanged(tx, row.id);
    return resultsOf(tx, saved);
  });
}

/** The result version /save-files adds to: one of the run the caller holds, still in progress. */
export async function fileTarget(deps: Deps, actor: Actor, resultId: string): Promise<EngineTarget> {
  const found = await heldResult(deps.db, actor, await repo.findVisibleResult(deps.db, actor, resultId));
  const row = found.case;
  if (found.result.status !== 'in-progress') throw new AppError('CASE_RESULT_COMPLETE');
  return {
    caseId: row.id,
    companyId: row.companyId,
    run: row.processingRun,
    folder: `cases/${row.id}/results/${row.processingRun}-${resultId}`,
  };
}

/** Adds stored files to a result version still in progress (checked again under lock). */
export async function saveFiles(deps: Deps, actor: Actor, resultId: string, files: StoredFile[]): Promise<CaseResult> {
  return deps.db.transaction(async (tx) => {
    const found = await heldResult(tx, actor, await repo.lockVisibleResult(tx, actor, resultId));
    const row = found.case;
    if (found.result.status !== 'in-progress') throw new AppError('CASE_RESULT_COMPLETE');
    await insertResultFiles(tx, fileRows(resultId, files));
    const updated = await updateResult(tx, resultId, {});
    await logCase(tx, row.id, byActor(actor), {
      kind: 'result',
      code: 'engine-files-added',
      params: { version: found.result.version, files: files.length },
      details: { result_id: resultId, version: found.result.version, files: files.map((f) => f.fileName) },
    });
    await recordAudit(tx, actor, {
      entity: 'case-result',
      entityId: resultId,
      action: 'update',
      companyId: row.companyId,
      before: { files: null },
      after: { files: files.map((f) => ({ file_name: f.fileName, size: f.size, sha256: f.sha256 })) },
    });
    await notifyCaseChanged(tx, row.id);
    const [result] = await resultsOf(tx, [updated]);
    return result!;
  });
}

/**
 * POST /case-results/{id}: the engine reports how its run ended. `done` moves the case to done, and on to
 * in approval when a result of the run is done; `unsupported` and `failed` end it with the reason and
 * give the credits back. A report for another run, or for a case no longer in progress, is refused (409); for
 * a run the caller does not hold, not found.
 */
export async function reportOutcome(
  deps: Deps,
  actor: Actor,
  caseId: string,
  body: z.output<typeof engineOutcomeSchema>,
) {
  const row = await heldCase(deps.db, actor, await findVisibleCase(deps.db, actor, caseId), body.job_id);
  const applied = await completeProcessing(
    deps,
    { caseId: row.id, run: row.processingRun },
    {
      status: body.status,
      reason: body.reason,
      jaws: body.jaws.map((j) => ({ jaw: j.jaw, status: j.status, reason: j.reason, quality: j.quality ?? null })),
    },
    byActor(actor),
    'external',
  );
  if (!applied) {
    const now = await findVisibleCase(deps.db, actor, caseId);
    throw notInEngine(now ?? row);
  }
  if (body.status !== 'done') await deps.db.transaction((tx) => failRunResults(tx, row, byActor(actor)));
  return getCase(deps, actor, caseId);
}

/**
 * The result versions a run saved before it ended unsupported or failed are not for review: each one still
 * in progress becomes failed, and (when the engine reports the end) each done one too. Logged and audited
 * like any result move; the system may not fail a done result (the state machine), the engine may.
 */
async function failRunResults(tx: DbOrTx, row: CaseRow, changer: CaseChanger) {
  const statuses = moverOf(changer) === 'engine' ? ['in-progress', 'done'] : ['in-progress'];
  for (const result of await listResults(tx, row.id, false)) {
    if (result.processingRun !== row.processingRun || !statuses.includes(result.status)) continue;
    await moveResult(tx, result, 'failed', changer, row.companyId, 'The processing did not succeed');
  }
}

// --- The watchdog ----------------------------------------------------------------------------------

/**
 * Fails the runs an external engine has held longer than ENGINE_TIMEOUT_MINUTES since processing started:
 * each case becomes failed with the reason and its credits go back (once: a refunded case has no charge).
 * Answers the cases it failed.
 */
export async function failOverdueRuns(deps: Deps, now = new Date()): Promise<string[]> {
  const minutes = deps.config.cases.external.timeoutMinutes;
  const before = new Date(now.getTime() - minutes * 60_000);
  const overdue = (row: Pick<CaseRow, 'status' | 'engine' | 'processingStartedAt'>) =>
    row.status === 'in-progress' &&
    row.engine === 'external' &&
    row.processingStartedAt !== null &&
    row.processingStartedAt < before;
  const candidates = await listOverdueExternalRuns(deps.db, before, 500);
  const failed: string[] = [];
  for (const { id } of candidates) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await lockCase(tx, id);
      if (!row || !overdue(row)) return false;
      await failRun(deps, tx, row, `The engine did not finish within ${minutes} minutes`, SYSTEM, {
        code: 'engine-timeout',
        params: { minutes },
      });
      await failRunResults(tx, row, SYSTEM);
      return true;
    });
    if (done) failed.push(id);
  }
  if (failed.length) deps.logger.warn({ cases: failed, minutes }, 'external engine runs timed out');
  return failed;
}

/** Every ten minutes: runs the external engine has held too long fail, with their credits refunded. */
export const engineWatchdogJob = defineJob({
  name: 'cases.engine-watchdog',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *' },
  handler: async (_payload, deps) => {
    await failOverdueRuns(deps);
  },
});
