export const unitPaths = {
  unit: '/unit',
} as const;
