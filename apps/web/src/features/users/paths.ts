export const userPaths = {
  users: '/users',
  userCreate: '/users/create',
  userEditRoute: '/users/:id/edit',
  userEdit: (id: string) => `/users/${id}/edit`,
  userShowRoute: '/users/:id/show',
  userShow: (id: string) => `/users/${id}/show`,
} as const;
