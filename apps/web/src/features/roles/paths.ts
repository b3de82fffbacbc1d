export const rolePaths = {
  roles: '/roles',
  roleCreate: '/roles/create',
  roleEditRoute: '/roles/:id/edit',
  roleEdit: (id: string) => `/roles/${id}/edit`,
} as const;
