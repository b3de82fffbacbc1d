import type { RecordPages } from '../../lib/record-pages';

export const apiKeyPaths = {
  apiKeys: '/api-keys',
  apiKeyCreate: '/api-keys/create',
  apiKeyEditRoute: '/api-keys/:id/edit',
  apiKeyEdit: (id: string) => `/api-keys/${id}/edit`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  'api-key': apiKeyPaths.apiKeyEdit,
};
