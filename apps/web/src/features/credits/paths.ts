export const creditPaths = {
  credits: '/credits',
} as const;
