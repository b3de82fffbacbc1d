import type { NavEntry } from '../../lib/routes';
import { invoiceSummaryPaths } from './paths';

export const navigation: NavEntry[] = [
  {
    path: invoiceSummaryPaths.invoiceSummary,
    label: 'nav:invoiceSummary',
    icon: 'file-description',
    group: 'billing',
    order: 7,
  },
];
