import type { NavEntry } from '../../lib/routes';
import { newsPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: newsPaths.news, label: 'nav:news', icon: 'file-text', group: 'content', order: 5 },
];
