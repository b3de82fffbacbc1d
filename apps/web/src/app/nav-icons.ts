import {
  IconApi,
  IconBuilding,
  IconFileDescription,
  IconFiles,
  IconFlag,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconKey,
  IconMail,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconUserCog,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

/**
 * Icons of the navigation menu, by name. The route table names them and only the (lazy) menu imports
 * this map, so icons never weigh on the login page's bundle however many routes there are.
 */
export const NAV_ICONS = {
  api: IconApi,
  'file-description': IconFileDescription,
  files: IconFiles,
  flag: IconFlag,
  'help-circle': IconHelpCircle,
  history: IconHistory,
  home: IconHome,
  key: IconKey,
  mail: IconMail,
  'shield-lock': IconShieldLock,
  'user-cog': IconUserCog,
  'user-shield': IconUserShield,
  users: IconUsers,
  building: IconBuilding,
  'users-group': IconUsersGroup,
  settings: IconSettings,
  sitemap: IconSitemap,
} as const;

export type NavIconName = keyof typeof NAV_ICONS;
