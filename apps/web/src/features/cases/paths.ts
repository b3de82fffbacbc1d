import type { RecordPages } from '../../lib/record-pages';

export const casePaths = {
  cases: '/my-cases',
  caseCreate: '/my-cases/create',
  caseShowRoute: '/my-cases/:id/show',
  caseShow: (id: string) => `/my-cases/${id}/show`,
  caseEditRoute: '/my-cases/:id/edit',
  caseEdit: (id: string) => `/my-cases/${id}/edit`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  case: casePaths.caseShow,
};
