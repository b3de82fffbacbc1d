export const permissionPaths = {
  permissions: '/permissions',
  permissionCreate: '/permissions/create',
  permissionEdit: '/permissions/:id/edit',
} as const;
