import { createHash, randomUUID } from 'node:crypto';
import type { CaseLogText, Jaw, UploadStatus } from '@cuspid/contracts/cases';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { defineJob } from '../../jobs/define-job';
import type { EngineOutcome, EngineRun, ProducedFile } from './cases.engine';
import { assertJawMove, type CaseChanger, logCase, moveCase, SYSTEM } from './cases.machine';
import { mailStatusReached } from './cases.mails';
import { refundProcessing } from './cases.refund';
import * as repo from './cases.repository';

/**
 * The processing of cases (ADR 0101): one job per processing run, enqueued in the transaction that queues
 * the case (submission or recalculation). The job moves the case to in-progress, hands the run to the
 * engine the case names (ADR 0132: the modules' engines, by id), and stores the outcome; an external engine
 * answers later through the API.
 */

const processPayload = z.object({ caseId: z.uuid(), run: z.number().int().min(1) });

export const processCaseJob = defineJob({
  name: 'cases.process',
  payload: processPayload,
  // Our own attempt count decides when a run fails for good (CASE_PROCESSING_ATTEMPTS); pg-boss only retries,
  // with a growing delay, and takes the job back from a worker that stopped answering.
  // A worker that dies mid-run (killed, machine lost) stops its heartbeat: the job is retried 30 s later.
  options: { retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60, heartbeatSeconds: 30 },
  handler: (payload, deps) => processCase(deps, payload),
});

/** Queues a processing run of the case; the job exists only if the caller's transaction commits. */
export async function enqueueProcessing(deps: Deps, tx: DbOrTx, row: repo.CaseRow): Promise<void> {
  await deps.jobs.enqueue(
    processCaseJob,
    { caseId: row.id, run: row.processingRun },
    { tx, singletonKey: `${row.id}:${row.processingRun}` },
  );
}

/**
 * One attempt of a processing run. Runs twice after a crash without harm: an attempt starts only while the
 * case is queued or in progress in the same run, and the outcome is stored only while it still is.
 */
export async function processCase(deps: Deps, payload: { caseId: string; run: number }): Promise<void> {
  const started = await deps.db.transaction(async (tx) => {
    const row = await repo.lockCase(tx, payload.caseId);
    if (!row || row.processingRun !== payload.run) return null;
    const engine = deps.engines.get(row.engine ?? deps.engines.defaultId);
    if (row.status === 'queued') {
      // A new run is nobody's yet: the engine account that calls for it first holds it (ADR 0113).
      const moved = await moveCase(deps, tx, row, 'in-progress', SYSTEM, {
        log: { code: 'processing-started', params: { engine: engine.id } },
        set: { processingStartedAt: new Date(), engine: engine.id, engineUserId: null },
      });
      return { engine, row: moved, jaws: await liveJaws(tx, row.id) };
    }
    if (row.status === 'in-progress') {
      await logCase(tx, row.id, SYSTEM, {
        kind: 'engine',
        code: 'processing-resumed',
        params: { attempt: row.processingAttempts + 1 },
      });
      return { engine, row, jaws: await liveJaws(tx, row.id) };
    }
    return null;
  });
  if (!started) return;
  const { engine, row, jaws } = started;
  const run: EngineRun = {
    caseId: row.id,
    companyId: row.companyId,
    run: row.processingRun,
    attempt: row.processingAttempts + 1,
    upperTeeth: row.upperTeeth,
    lowerTeeth: row.lowerTeeth,
    jaws: jaws.map((j) => ({
      jaw: j.jaw as Jaw,
      fileName: j.fileName,
      contentType: j.contentType,
      size: j.size,
      sha256: j.sha256,
      storageKey: j.storageKey,
    })),
  };
  let outcome: EngineOutcome | 'dispatched';
  try {
    outcome = await engine.process(deps, run);
  } catch (err) {
    const retry = await failedAttempt(deps, run, err);
    if (retry) throw err;
    return;
  }
  if (outcome === 'dispatched') {
    await deps.db.transaction(async (tx) => {
      await logCase(tx, row.id, SYSTEM, { kind: 'engine', code: 'sent-to-engine', params: {} });
    });
    return;
  }
  await completeProcessing(deps, run, outcome, SYSTEM, engine.id);
}

async function liveJaws(tx: DbOrTx, caseId: string) {
  return (await repo.listJaws(tx, [caseId])).filter((j) => !j.deletedAt);
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * Counts a failed attempt. Answers true when the job should try again; after the last attempt the case
 * fails with the reason and its credits go back.
 */
async function failedAttempt(deps: Deps, run: EngineRun, err: unknown): Promise<boolean> {
  const reason = reasonOf(err);
  deps.logger.warn({ err, caseId: run.caseId, run: run.run, attempt: run.attempt }, 'case processing attempt failed');
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockCase(tx, run.caseId);
    if (!row || row.processingRun !== run.run || row.status !== 'in-progress') return false;
    const attempts = row.processingAttempts + 1;
    if (attempts < deps.config.cases.processingAttempts) {
      await repo.updateCase(tx, row.id, { processingAttempts: attempts, processingError: reason });
      await logCase(tx, row.id, SYSTEM, {
        kind: 'engine',
        code: 'attempt-failed',
        params: { attempt: attempts, reason },
      });
      return true;
    }
    await failRun(deps, tx, row, `Processing failed after ${attempts} attempts: ${reason}`, SYSTEM, {
      code: 'processing-failed-after',
      params: { attempts, reason },
    });
    return false;
  });
}

/** Ends a run as failed, with the reason, gives its credits back and tells the case's creator. */
export async function failRun(
  deps: Deps,
  tx: DbOrTx,
  row: repo.CaseRow,
  reason: string,
  changer: CaseChanger,
  /** The log line (default: "Processing failed: reason"). */
  log?: CaseLogText,
) {
  const moved = await moveCase(deps, tx, row, 'failed', changer, {
    log: log ?? { code: 'processing-failed', params: { reason } },
    set: { processingError: reason, processingAttempts: row.processingAttempts + 1, processedAt: new Date() },
  });
  await refundProcessing(tx, moved, changer);
  await mailStatusReached(deps, tx, moved, 'failed', reason);
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Stores how a run ended: each jaw's status and quality report, a new result version with the produced
 * files, and the case's status (done, then in approval when a result awaits review; or unsupported or
 * failed, with the credits refunded). Nothing changes if the case is no longer in this run's processing:
 * a late or repeated answer is ignored (and answers false).
 */
export async function completeProcessing(
  deps: Deps,
  run: Pick<EngineRun, 'caseId' | 'run'>,
  outcome: EngineOutcome,
  changer: CaseChanger,
  engineId: string,
): Promise<boolean> {
  const files = outcome.status === 'done' ? (outcome.files ?? []) : [];
  const folder = `cases/${run.caseId}/results/${run.run}-${randomUUID()}`;
  const stored: (ProducedFile & { key: string; sha256: string; size: number })[] = [];
  for (const file of files) {
    const key = `${folder}/${safeName(file.fileName)}`;
    await deps.storage.put(key, Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength), {
      contentType: file.contentType,
      contentLength: file.body.byteLength,
    });
    stored.push({ ...file, key, sha256: sha256Of(file.body), size: file.body.byteLength });
  }
  const applied = await deps.db.transaction(async (tx) => {
    const row = await repo.lockCase(tx, run.caseId);
    if (!row || row.processingRun !== run.run || row.status !== 'in-progress') return false;
    const live = new Map((await repo.listJaws(tx, [row.id])).filter((j) => !j.deletedAt).map((j) => [j.jaw, j]));
    for (const jaw of outcome.jaws) {
      const current = live.get(jaw.jaw);
      if (!current) continue; // a jaw deleted before the run was not sent to the engine
      assertJawMove(current.status as UploadStatus, jaw.status, changer);
      await repo.updateJaw(tx, row.id, jaw.jaw, {
        status: jaw.status,
        unsupportedReason: jaw.status === 'unsupported' ? (jaw.reason ?? outcome.reason ?? null) : null,
        ...(jaw.quality ? { quality: jaw.quality } : {}),
      });
    }
    if (outcome.status !== 'done') {
      const reason = outcome.reason ?? (outcome.status === 'unsupported' ? 'The scan is not supported' : 'Failed');
      const moved = await moveCase(deps, tx, row, outcome.status, changer, {
        log: { code: 'processing-ended', params: { status: outcome.status, reason } },
        set: { processingError: reason, processedAt: new Date() },
      });
      await refundProcessing(tx, moved, changer);
      await mailStatusReached(deps, tx, moved, outcome.status, reason);
      return true;
    }
    let resultCount = row.resultCount;
    if (stored.length) {
      const result = await repo.insertResult(tx, {
        caseId: row.id,
        status: 'done',
        engine: engineId,
        processingRun: row.processingRun,
      });
      await repo.insertResultFiles(
        tx,
        stored.map((f) => ({
          resultId: result.id,
          kind: f.kind,
          jaw: f.jaw,
          fileName: f.fileName,
          contentType: f.contentType,
          size: f.size,
          sha256: f.sha256,
          storageKey: f.key,
        })),
      );
      resultCount += 1;
      await logCase(tx, row.id, changer, {
        kind: 'result',
        code: 'result-saved',
        params: { version: result.version, files: stored.length },
        details: { result_id: result.id, version: result.version },
      });
    }
    const done = await moveCase(deps, tx, row, 'done', changer, {
      log: { code: 'processing-done', params: {} },
      set: { processedAt: new Date(), processingError: null, resultCount },
    });
    const awaiting = (await repo.listResults(tx, row.id, false)).some(
      (r) => r.processingRun === row.processingRun && r.status === 'done',
    );
    if (awaiting) {
      const ready = await moveCase(deps, tx, done, 'in-approval', SYSTEM, {
        log: { code: 'results-ready', params: {} },
      });
      await mailStatusReached(deps, tx, ready, 'in-approval', null);
    }
    return true;
  });
  if (!applied) for (const f of stored) await deps.storage.delete(f.key);
  return applied;
}

/** A file name safe as the last part of a storage key. */
export function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return cleaned || 'file';
}
