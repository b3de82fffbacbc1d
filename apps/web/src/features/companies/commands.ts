import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { companyPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: companyPaths.customerCreate, label: 'search:actions.createCompany', icon: 'building', order: 10 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'companies',
    label: 'search:areas.companies',
    icon: 'building',
    link: (item) => companyPaths.customerShow(item.id),
    list: companyPaths.customers,
  },
];
