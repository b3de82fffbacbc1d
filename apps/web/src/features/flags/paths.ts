export const flagPaths = {
  flags: '/flags',
} as const;
