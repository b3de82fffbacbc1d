import type { RecordPages } from '../../lib/record-pages';

export const permissionPaths = {
  permissions: '/permissions',
  permissionCreate: '/permissions/create',
  permissionEditRoute: '/permissions/:id/edit',
  permissionEdit: (id: string) => `/permissions/${id}/edit`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  permission: permissionPaths.permissionEdit,
};
