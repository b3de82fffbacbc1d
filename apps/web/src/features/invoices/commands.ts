import type { CommandEntry, SearchAreaEntry } from '../../lib/routes';
import { invoicePaths } from './paths';

export const commands: CommandEntry[] = [
  { path: invoicePaths.invoiceCreate, label: 'invoices:commands.createInvoice', icon: 'file-text', order: 55 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'invoices',
    label: 'search:areas.invoices',
    icon: 'file-text',
    link: (item) => invoicePaths.invoiceShow(item.id),
    list: invoicePaths.invoices,
  },
];
