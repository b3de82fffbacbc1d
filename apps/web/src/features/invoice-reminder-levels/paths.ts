import type { RecordPages } from '../../lib/record-pages';

export const reminderLevelPaths = {
  reminderLevels: '/invoice-reminder-levels',
  reminderLevelCreate: '/invoice-reminder-levels/create',
  reminderLevelEditRoute: '/invoice-reminder-levels/:id/edit',
  reminderLevelEdit: (id: string) => `/invoice-reminder-levels/${id}/edit`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'reminder-level': reminderLevelPaths.reminderLevelEdit,
};
