export const permissionPaths = {
  permissions: '/permissions',
  permissionCreate: '/permissions/create',
  permissionEditRoute: '/permissions/:id/edit',
  permissionEdit: (id: string) => `/permissions/${id}/edit`,
} as const;
