import type { NavEntry } from '../../lib/routes';
import { auditLogPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: auditLogPaths.auditLog, label: 'nav:auditLog', icon: 'history', group: 'administration', order: 70 },
];
