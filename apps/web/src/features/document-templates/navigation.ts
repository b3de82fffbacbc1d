import type { NavEntry } from '../../lib/routes';
import { documentTemplatePaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: documentTemplatePaths.documentTemplates,
    label: 'common:nav.documentTemplates',
    icon: 'files',
    group: 'content',
    order: 30,
  },
];
