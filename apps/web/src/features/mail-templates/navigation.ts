import type { NavEntry } from '../../lib/routes';
import { mailTemplatePaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: mailTemplatePaths.mailTemplates,
    label: 'nav:mailTemplates',
    icon: 'mail',
    group: 'content',
    order: 10,
  },
  {
    path: mailTemplatePaths.mailTemplateAssignment,
    label: 'nav:mailTemplateAssignment',
    icon: 'mail',
    group: 'content',
    order: 20,
  },
];
