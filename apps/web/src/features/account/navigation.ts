import type { NavEntry } from '../../lib/routes';
import { accountPaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: accountPaths.accountSetting,
    label: 'common:nav.accountSettings',
    icon: 'user-cog',
    group: 'account',
    order: 10,
  },
];
