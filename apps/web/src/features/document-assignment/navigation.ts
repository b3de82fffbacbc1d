import type { NavEntry } from '../../lib/routes';
import { documentAssignmentPaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: documentAssignmentPaths.documentAssignment,
    label: 'nav:documentAssignment',
    icon: 'file-description',
    group: 'content',
    order: 40,
  },
];
