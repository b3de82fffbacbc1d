import type { RecordPages } from '../../lib/record-pages';

export const rolePaths = {
  roles: '/roles',
  roleCreate: '/roles/create',
  roleEditRoute: '/roles/:id/edit',
  roleEdit: (id: string) => `/roles/${id}/edit`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  role: rolePaths.roleEdit,
};
