import type { CommandEntry } from '../../lib/routes';
import { packagePaths } from './paths';

export const commands: CommandEntry[] = [
  { path: packagePaths.packageCreate, label: 'packages:commands.createPackage', icon: 'receipt', order: 60 },
];
