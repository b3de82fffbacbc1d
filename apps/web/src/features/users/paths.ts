export const userPaths = {
  users: '/users',
  userCreate: '/users/create',
  userEdit: '/users/:id/edit',
  userShow: '/users/:id/show',
} as const;
