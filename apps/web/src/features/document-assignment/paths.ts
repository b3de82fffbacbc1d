import type { RecordPages } from '../../lib/record-pages';

export const documentAssignmentPaths = {
  documentAssignment: '/document-assignment',
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'document-assignment': () => documentAssignmentPaths.documentAssignment,
};
