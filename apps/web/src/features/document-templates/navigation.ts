import type { NavEntry } from '../../lib/routes';
import { documentTemplatePaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: documentTemplatePaths.documentTemplates,
    label: 'nav:documentTemplates',
    icon: 'files',
    group: 'content',
    order: 30,
  },
];
