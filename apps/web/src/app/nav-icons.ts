import {
  IconAdjustments,
  IconApi,
  IconBuilding,
  IconBuildingCommunity,
  IconCoins,
  IconDental,
  IconFileDescription,
  IconFiles,
  IconFileText,
  IconFlag,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMail,
  IconReceipt,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconUserCircle,
  IconUserCog,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

/**
 * Icons of the navigation menu (entries and sections), by name. The features' menu entries name them and only
 * the (lazy) menu imports this map, so icons never weigh on the login page's bundle however many routes there are.
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
  coins: IconCoins,
  'users-group': IconUsersGroup,
  settings: IconSettings,
  sitemap: IconSitemap,
  // Sections
  adjustments: IconAdjustments,
  'building-community': IconBuildingCommunity,
  dental: IconDental,
  'file-text': IconFileText,
  'layout-dashboard': IconLayoutDashboard,
  lifebuoy: IconLifebuoy,
  receipt: IconReceipt,
  'user-circle': IconUserCircle,
} as const;

export type NavIconName = keyof typeof NAV_ICONS;
