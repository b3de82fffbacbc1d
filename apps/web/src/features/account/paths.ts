export const accountPaths = {
  accountSetting: '/account-setting',
} as const;
