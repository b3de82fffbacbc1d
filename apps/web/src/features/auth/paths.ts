export const authPaths = {
  register: '/register',
} as const;
