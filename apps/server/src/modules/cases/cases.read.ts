// Reading cases: the list, one case as its viewer sees it, and its log.
import {
  CASE_LOG_CODES,
  type Case,
  type CaseJaw,
  type CaseListQuery,
  type CaseLog,
  type CaseLogCode,
  type CaseStatus,
  type Jaw,
  type ScanQuality,
} from '@cuspid/contracts/cases';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { listRecordLabels } from '../flags';
import { listCasesJson } from './cases.list.repository';
import { LOG_CODE_KEY, LOG_PARAMS_KEY } from './cases.machine';
import { casePolicy } from './cases.policy';
import * as repo from './cases.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toJaw(row: repo.JawRow): CaseJaw {
  return {
    jaw: row.jaw as Jaw,
    status: row.status as CaseJaw['status'],
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    unsupported_reason: row.unsupportedReason,
    quality: (row.quality as ScanQuality | null) ?? null,
    deleted_at: iso(row.deletedAt),
    orientation: row.orientation,
  };
}

type Labels = Awaited<ReturnType<typeof listRecordLabels>>;

function toCase(row: repo.CaseView, jaws: repo.JawRow[], labels: Labels): Case {
  const label = labels.get(row.id) ?? { flag: null, tags: [] };
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    name: row.name,
    patient: row.patient,
    patient_birth_year: row.patientBirthYear,
    notes: row.notes,
    status: row.status as CaseStatus,
    previous_status: row.previousStatus as CaseStatus | null,
    upper_teeth: row.upperTeeth,
    lower_teeth: row.lowerTeeth,
    jaws: jaws.filter((j) => j.caseId === row.id).map(toJaw),
    credits_spent: row.creditsSpent,
    engine: row.engine as Case['engine'],
    processing_error: row.processingError,
    result_count: row.resultCount,
    locked_by: row.lockedBy,
    locked_by_name: row.lockedBy ? row.lockedByName : null,
    locked_at: iso(row.lockedAt),
    flag: label.flag,
    tags: label.tags,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of cases as the JSON text of `{ data, total }`, written by PostgreSQL (ADR 0104). */
export function listCases(deps: Deps, actor: Actor, query: CaseListQuery): Promise<string> {
  return listCasesJson(deps.database, actor, query);
}

/** One case as the actor sees it (404 for another company's or, for a customer, a hidden one). */
export async function getCase(deps: Deps, actor: Actor, id: string, db: DbOrTx = deps.db): Promise<Case> {
  const row = authorize(actor, casePolicy, await repo.findVisibleCase(db, actor, id));
  const [jaws, labels] = await Promise.all([repo.listJaws(db, [id]), listRecordLabels(db, 'case', [id])]);
  return toCase(row, jaws, labels);
}

const isCaseLogCode = (value: unknown): value is CaseLogCode =>
  typeof value === 'string' && (CASE_LOG_CODES as readonly string[]).includes(value);

export async function caseLogs(deps: Deps, actor: Actor, id: string): Promise<{ data: CaseLog[]; total: number }> {
  authorize(actor, casePolicy, await repo.findVisibleCase(deps.db, actor, id));
  const rows = await repo.listLogs(deps.db, id);
  return {
    data: rows.map(({ log, actorName }) => {
      // The code and parameters live in the details (ADR 0123); lines written before them have neither.
      const {
        [LOG_CODE_KEY]: code,
        [LOG_PARAMS_KEY]: params,
        ...details
      } = (log.details as Record<string, unknown> | null) ?? {};
      return {
        id: String(log.id),
        kind: log.kind as CaseLog['kind'],
        from_status: log.fromStatus as CaseStatus | null,
        to_status: log.toStatus as CaseStatus | null,
        message: log.message,
        code: isCaseLogCode(code) ? code : null,
        params:
          isCaseLogCode(code) && params && typeof params === 'object' ? (params as Record<string, unknown>) : null,
        details: Object.keys(details).length ? details : null,
        actor_id: log.actorId,
        actor_name: actorName,
        created_at: log.createdAt.toISOString(),
      };
    }),
    total: rows.length,
  };
}
