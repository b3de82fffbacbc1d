import { type AppRoute, lazyPage } from '../../lib/routes';
import { documentAssignmentPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: documentAssignmentPaths.documentAssignment,
    page: lazyPage(() => import('./pages/document-assignment'), 'DocumentAssignmentPage'),
    permission: 'backoffice-document-assignment',
  },
];
