import { type CommandEntry, type SearchAreaEntry, searchLine } from '../../lib/routes';
import { casePaths } from './paths';

export const commands: CommandEntry[] = [
  { path: casePaths.caseCreate, label: 'cases:commands.createCase', icon: 'dental', order: 5 },
];

/** Cases found by the global search (name or patient) open on their page. */
export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'cases',
    label: 'search:areas.cases',
    icon: 'dental',
    link: (item) => casePaths.caseShow(item.id),
    list: casePaths.cases,
    namespaces: ['cases'],
    // Patient and practice, then the status as the case list names it.
    describe: (item, t) => ({ subtitle: searchLine(item, item.status && t(`cases:status.${item.status}`)) }),
  },
];
