import type { CommandEntry } from '../../lib/routes';
import { permissionPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: permissionPaths.permissionCreate, label: 'search:actions.createPermission', icon: 'key', order: 60 },
];
