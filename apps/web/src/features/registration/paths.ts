import type { RecordPages } from '../../lib/record-pages';

export const registrationPaths = {
  registrationConfiguration: '/registration-configuration',
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'registration-configuration': () => registrationPaths.registrationConfiguration,
};
