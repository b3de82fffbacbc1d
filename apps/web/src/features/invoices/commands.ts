import { type CommandEntry, type SearchAreaEntry, searchLine } from '../../lib/routes';
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
    namespaces: ['invoices'],
    // A draft has no number yet; an invoice's type goes unsaid, a credit note's is named.
    describe: (item, t) => ({
      ...(item.untitled ? { title: t('invoices:draft') } : {}),
      subtitle: searchLine(
        item,
        item.kind === 'credit-note' ? t('invoices:type.credit-note') : undefined,
        item.status && t(`invoices:status.${item.status}`),
      ),
    }),
  },
];
