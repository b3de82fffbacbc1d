import { appPaths } from '../../config/paths';
import type { NavEntry } from '../../lib/routes';
import { contentPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: appPaths.home, label: 'common:nav.home', icon: 'home', group: 'overview', order: 10 },
  { path: contentPaths.faq, label: 'nav:faq', icon: 'help-circle', group: 'support', order: 10 },
  { path: contentPaths.dataPrivacy, label: 'nav:dataPrivacy', icon: 'shield-lock', group: 'support', order: 20 },
  {
    path: contentPaths.globalConfiguration,
    label: 'nav:helpContent',
    icon: 'help-circle',
    group: 'content',
    order: 6,
  },
];
