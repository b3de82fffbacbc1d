import type { NavEntry } from '../../lib/routes';
import { apiKeyPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: apiKeyPaths.apiKeys, label: 'nav:apiKeys', icon: 'api', group: 'administration', order: 40 },
];
