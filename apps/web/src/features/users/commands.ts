import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { userPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: userPaths.userCreate, label: 'search:actions.createUser', icon: 'users', order: 20 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'users',
    label: 'search:areas.users',
    icon: 'users',
    link: (item) => userPaths.userShow(item.id),
    list: userPaths.users,
  },
];
