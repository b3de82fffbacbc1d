import type { RecordPages } from '../../lib/record-pages';

export const userPaths = {
  users: '/users',
  userCreate: '/users/create',
  userEditRoute: '/users/:id/edit',
  userEdit: (id: string) => `/users/${id}/edit`,
  userShowRoute: '/users/:id/show',
  userShow: (id: string) => `/users/${id}/show`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  user: userPaths.userShow,
};
