import type { NavEntry } from '../../lib/routes';
import { companyPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: companyPaths.myCompany, label: 'nav:myCompany', icon: 'building', group: 'account', order: 20 },
  { path: companyPaths.customers, label: 'nav:customers', icon: 'users-group', group: 'customers', order: 10 },
];
