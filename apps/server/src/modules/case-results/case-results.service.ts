import type {
  CaseResult,
  Jaw,
  Rating,
  ResultFile,
  ResultStatus,
  saveRatingSchema,
  updateResultStatusSchema,
} from '@cuspid/contracts/cases';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import {
  assertCaseUnlocked,
  byActor,
  casePolicy,
  findVisibleCase,
  listResults,
  logCase,
  moveResult,
  notifyCaseChanged,
  type ResultFileRow,
  type ResultRow,
} from '../cases';
import { heldResult } from './case-results.engine-run';
import { actsAsEngine } from './case-results.policy';
import * as repo from './case-results.repository';

/**
 * The result versions of a case (ADR 0101, 0102): reading them with their files and ratings, rating them,
 * and moving one to another status. The engine's calls that write them are case-results.engine-service.ts.
 */

function toResultFile(row: ResultFileRow): ResultFile {
  return {
    id: row.id,
    kind: row.kind as ResultFile['kind'],
    jaw: row.jaw as Jaw | null,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

const JAW_ORDER = ['upper', 'lower', null];
const KIND_ORDER = ['mesh', 'preview', 'report', 'other'];
/** A result's files in a stable order: upper jaw, lower jaw, then the case's; by kind; by name. */
const byJawKindName = (a: ResultFileRow, b: ResultFileRow) =>
  JAW_ORDER.indexOf(a.jaw) - JAW_ORDER.indexOf(b.jaw) ||
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
  a.fileName.localeCompare(b.fileName);

/** Result versions with their files and ratings, newest first. */
export async function resultsOf(db: DbOrTx, resultRows: ResultRow[]): Promise<CaseResult[]> {
  const ids = resultRows.map((r) => r.id);
  const [files, ratings] = await Promise.all([repo.listResultFiles(db, ids), repo.listRatings(db, ids)]);
  return resultRows.map((r) => ({
    id: r.id,
    case_id: r.caseId,
    version: r.version,
    status: r.status as ResultStatus,
    engine: r.engine as CaseResult['engine'],
    note: r.note,
    files: files
      .filter((f) => f.resultId === r.id)
      .sort(byJawKindName)
      .map(toResultFile),
    ratings: ratings
      .filter(({ rating }) => rating.resultId === r.id)
      .map(
        ({ rating, userName }): Rating => ({
          id: rating.id,
          result_id: rating.resultId,
          user_id: rating.userId,
          user_name: userName,
          stars: rating.stars,
          reasons: rating.reasons as Rating['reasons'],
          comment: rating.comment,
          created_at: rating.updatedAt.toISOString(),
        }),
      ),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function caseResults(deps: Deps, actor: Actor, id: string) {
  authorize(actor, casePolicy, await findVisibleCase(deps.db, actor, id));
  const data = await resultsOf(deps.db, await listResults(deps.db, id, actor.isStaff));
  return { data, total: data.length };
}

export async function saveRating(deps: Deps, actor: Actor, body: z.output<typeof saveRatingSchema>) {
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockVisibleResult(tx, actor, body.result_id);
    if (!found) throw new AppError('CASE_RESULT_NOT_FOUND');
    await assertCaseUnlocked(tx, actor, found.case);
    const rating = await repo.upsertRating(tx, {
      resultId: body.result_id,
      userId: actor.userId,
      stars: body.stars,
      reasons: [...new Set(body.reasons)],
      comment: body.comment,
    });
    await logCase(tx, found.case.id, byActor(actor), {
      kind: 'rating',
      code: 'rated',
      params: { version: found.result.version, stars: body.stars },
      details: { result_id: body.result_id, stars: body.stars, reasons: rating.reasons },
    });
    await recordAudit(tx, actor, {
      entity: 'case-rating',
      entityId: rating.id,
      action: 'update',
      companyId: found.case.companyId,
      after: { result_id: rating.resultId, stars: rating.stars, reasons: rating.reasons, comment: rating.comment },
    });
    const [result] = await resultsOf(tx, [found.result]);
    return result!;
  });
}

export async function updateResultStatus(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof updateResultStatusSchema>,
): Promise<CaseResult> {
  return deps.db.transaction(async (tx) => {
    const visible = await repo.lockVisibleResult(tx, actor, body.id);
    // The engine moves only the results of a run it holds; the back office any (ADR 0113).
    const found = actsAsEngine(actor) ? await heldResult(tx, actor, visible) : visible;
    if (!found) throw new AppError('CASE_RESULT_NOT_FOUND');
    await assertCaseUnlocked(tx, actor, found.case);
    const moved = await moveResult(tx, found.result, body.status, byActor(actor), found.case.companyId, body.note);
    await notifyCaseChanged(tx, found.case.id);
    const [result] = await resultsOf(tx, [moved]);
    return result!;
  });
}
