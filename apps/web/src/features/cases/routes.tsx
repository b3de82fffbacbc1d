import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { casePaths } from './paths';

// CASE_PERMISSIONS.read of @cuspid/contracts/cases, written out: importing that module would put every case schema
// (zod) into the login page's bundle, which loads the route table.
const CASE_PERMISSION = 'backoffice-case-instance' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: casePaths.cases,
    page: lazyPage(() => import('./pages/cases'), 'CasesPage'),
    permission: CASE_PERMISSION,
  },
  {
    path: casePaths.caseCreate,
    page: lazyPage(() => import('./pages/case-create'), 'CaseCreatePage'),
    permission: CASE_PERMISSION,
  },
  {
    path: casePaths.caseShowRoute,
    page: lazyPage(() => import('./pages/case-show'), 'CaseShowPage'),
    permission: CASE_PERMISSION,
  },
  {
    path: casePaths.caseEditRoute,
    page: lazyPage(() => import('./pages/case-edit'), 'CaseEditPage'),
    permission: CASE_PERMISSION,
  },
];
