export const registrationPaths = {
  registrationConfiguration: '/registration-configuration',
} as const;
