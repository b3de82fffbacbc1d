import { type AppRoute, lazyPage } from '../../lib/routes';
import { companyPaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: companyPaths.myCompany,
    page: lazyPage(() => import('./pages/my-company'), 'MyCompanyPage'),
  },
  {
    path: companyPaths.customers,
    page: lazyPage(() => import('./pages/customers'), 'CustomersPage'),
    permission: 'backoffice-company',
  },
  {
    path: companyPaths.customerCreate,
    page: lazyPage(() => import('./pages/customer-form'), 'CustomerCreatePage'),
    permission: 'backoffice-company',
  },
  {
    path: companyPaths.customerEditRoute,
    page: lazyPage(() => import('./pages/customer-form'), 'CustomerEditPage'),
    permission: 'backoffice-company',
  },
  {
    path: companyPaths.customerShowRoute,
    page: lazyPage(() => import('./pages/customer-show'), 'CustomerShowPage'),
    permission: 'backoffice-company',
  },
];
