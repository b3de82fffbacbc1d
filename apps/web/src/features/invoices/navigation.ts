import type { NavEntry } from '../../lib/routes';
import { invoicePaths } from './paths';

export const navigation: NavEntry[] = [
  { path: invoicePaths.invoices, label: 'nav:invoices', icon: 'file-text', group: 'billing', order: 5 },
];
