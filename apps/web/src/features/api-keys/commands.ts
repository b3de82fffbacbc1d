import type { CommandEntry } from '../../lib/routes';
import { apiKeyPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: apiKeyPaths.apiKeyCreate, label: 'search:actions.createApiKey', icon: 'api', order: 70 },
];
