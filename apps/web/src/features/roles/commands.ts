import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { rolePaths } from './paths';

export const commands: CommandEntry[] = [
  { path: rolePaths.roleCreate, label: 'search:actions.createRole', icon: 'user-shield', order: 30 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'roles',
    label: 'search:areas.roles',
    icon: 'user-shield',
    link: (item) => rolePaths.roleEdit(item.id),
    list: rolePaths.roles,
  },
];
