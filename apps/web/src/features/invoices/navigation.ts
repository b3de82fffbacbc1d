import type { NavEntry } from '../../lib/routes';
import { invoicePaths } from './paths';

export const navigation: NavEntry[] = [
  { path: invoicePaths.invoices, label: 'common:nav.invoices', icon: 'file-text', group: 'billing', order: 5 },
];
