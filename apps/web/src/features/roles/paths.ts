export const rolePaths = {
  roles: '/roles',
  roleCreate: '/roles/create',
  roleEdit: '/roles/:id/edit',
} as const;
