import type { FlagAssignableType } from '@cuspid/contracts/flags';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companiesOfCases, lockVisibleCases, visibleCaseIds } from '../cases/cases.tables';
import { lockVisibleCompanies, visibleCompanyIdsOf } from '../companies/companies.tables';

/** A labelled record as the flags area sees it: its id and the company it belongs to (for the audit trail). */
export type LabelledRecord = { id: string; companyId: string };

/**
 * What the flags area needs to know about each kind of record it labels (ADR 0054): a new kind adds an
 * entry here (and to FLAG_ASSIGNABLE_TYPES); nothing else changes.
 */
export type RecordTypeHandler = {
  /** Plural noun for answers ('3 companies'). */
  plural: string;
  singular: string;
  /**
   * Of the given ids, the live records the actor may see, locked until the transaction ends (two
   * bulk changes of the same records then apply one after the other).
   */
  lockVisible(tx: DbOrTx, actor: Actor, ids: string[]): Promise<LabelledRecord[]>;
  /** A subquery of the ids of live records the actor may see (usage counts). */
  visibleIds(actor: Actor): SQL;
  /** The owning company of each record, live or not, whoever may see it (audit of a definition's removal). */
  owners(tx: DbOrTx, ids: string[]): Promise<LabelledRecord[]>;
};

export const RECORD_TYPES: Record<FlagAssignableType, RecordTypeHandler> = {
  company: {
    plural: 'companies',
    singular: 'company',
    async lockVisible(tx, actor, ids) {
      return (await lockVisibleCompanies(tx, actor, ids)).map((r) => ({ id: r.id, companyId: r.id }));
    },
    visibleIds: visibleCompanyIdsOf,
    async owners(_tx, ids) {
      return ids.map((id) => ({ id, companyId: id }));
    },
  },
  case: {
    plural: 'cases',
    singular: 'case',
    lockVisible: lockVisibleCases,
    visibleIds: visibleCaseIds,
    owners: companiesOfCases,
  },
};
