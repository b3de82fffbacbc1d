import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { mailTemplatePaths } from './paths';

export const commands: CommandEntry[] = [
  { path: mailTemplatePaths.mailTemplateCreate, label: 'search:actions.createMailTemplate', icon: 'mail', order: 40 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'mail-templates',
    label: 'search:areas.mailTemplates',
    icon: 'mail',
    link: (item) => mailTemplatePaths.mailTemplateEdit(item.id),
    list: mailTemplatePaths.mailTemplates,
  },
];
