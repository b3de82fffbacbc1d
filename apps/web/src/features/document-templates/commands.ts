import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { documentTemplatePaths } from './paths';

export const commands: CommandEntry[] = [
  {
    path: documentTemplatePaths.documentTemplateCreate,
    label: 'search:actions.createDocumentTemplate',
    icon: 'files',
    order: 50,
  },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'document-templates',
    label: 'search:areas.documentTemplates',
    icon: 'files',
    link: (item) => documentTemplatePaths.documentTemplateShow(item.id),
    list: documentTemplatePaths.documentTemplates,
  },
];
