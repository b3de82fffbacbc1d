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
    namespaces: ['mail-templates'],
    // A template the product ships reads under its name in the reader's language, as in the list; the event too.
    describe: (item, t) => ({
      title: t(`mail-templates:builtInNames.${item.title}`, { defaultValue: item.title }),
      subtitle: item.kind ? t(`mail-templates:events.${item.kind}`) : undefined,
    }),
  },
];
