import { declaredLabel } from '../../config/declared-labels';
import { currentLanguage } from '../../lib/i18n';
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
    // A template the product ships reads under its name in the reader's language, as in the list; the event too.
    describe: (item) => ({
      title: declaredLabel('mailTemplateNames', item.title, currentLanguage()),
      subtitle: item.kind ? declaredLabel('mailEvents', item.kind, currentLanguage()) : undefined,
    }),
  },
];
