import {
  INVOICE_PERMISSION,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type InvoiceListItem,
  type InvoiceStatus,
  type InvoiceType,
} from '@cuspid/contracts/invoices';
import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useCan } from '../../../lib/can';
import { notifyError } from '../../../lib/notify';
import { useIsStaff, useSeesOtherCompanies } from '../../../lib/use-is-staff';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { downloadInvoicesCsv, type InvoiceFilters, useInvoicePage } from '../api/invoices';
import { InvoiceStatusBadge, useInvoiceFormat } from '../components/invoice-display';
import { InvoicePdfButton } from '../components/invoice-pdf-button';
import { invoicePaths } from '../paths';

const pick = <T extends string>(value: string, options: readonly T[]): T | '' =>
  (options as readonly string[]).includes(value) ? (value as T) : '';
const isDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/**
 * Invoices and credit notes (route /invoices, backoffice-invoice): paged, searched (number, company), filtered
 * (status, type, issue dates) and sorted on the server; the same filters export as CSV. Each row's PDF downloads
 * from the list. A practice reading its own through the payment history's permission (ADR 0118) sees them
 * read-only: its issued invoices and credit notes, without the company, dunning and export of the back office.
 */
export function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'common']);
  const format = useInvoiceFormat();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const urlFilters = useUrlFilters(['status', 'type', 'from', 'to'] as const);
  const { values, setFilter } = urlFilters;
  const filters: InvoiceFilters = {
    search: params.search,
    status: pick<InvoiceStatus>(values.status, INVOICE_STATUSES),
    type: pick<InvoiceType>(values.type, INVOICE_TYPES),
    from: isDay(values.from),
    to: isDay(values.to),
  };
  const invoices = useInvoicePage({ ...params, ...filters, sortBy: sort.sortBy, sortDir: sort.sortDir });
  const isStaff = useIsStaff();
  const manages = useCan().can(INVOICE_PERMISSION);
  // A partner reads its customers' invoices beside its own (ADR 0118).
  const seesOtherCompanies = useSeesOtherCompanies() === true;
  const statuses = manages ? INVOICE_STATUSES : INVOICE_STATUSES.filter((status) => status !== 'draft');
  const [exporting, setExporting] = useState(false);

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadInvoicesCsv(filters);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: ListColumn<InvoiceListItem>[] = [
    {
      key: 'number',
      kind: 'code',
      label: t('fields.number'),
      sortKey: 'number',
      render: (invoice) => (
        <Anchor component={Link} to={invoicePaths.invoiceShow(invoice.id)} ff="monospace">
          {invoice.number ?? t('draft')}
        </Anchor>
      ),
    },
    ...(manages
      ? [{ key: 'company', label: t('fields.company'), render: (invoice: InvoiceListItem) => invoice.company_name }]
      : []),
    {
      key: 'type',
      kind: 'badge',
      label: t('fields.type'),
      render: (invoice) =>
        invoice.type === 'credit-note' ? (
          <Badge variant="outline" color="grape">
            {t('type.credit-note')}
          </Badge>
        ) : (
          t('type.invoice')
        ),
    },
    {
      key: 'status',
      kind: 'badge',
      label: t('fields.status'),
      render: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      key: 'invoice_date',
      kind: 'date',
      label: t('fields.invoiceDate'),
      sortKey: 'invoice_date',
      render: (invoice) => format.day(invoice.invoice_date),
    },
    {
      key: 'due_date',
      kind: 'date',
      label: t('fields.dueDate'),
      sortKey: 'due_date',
      render: (invoice) => format.day(invoice.due_date),
    },
    {
      key: 'total',
      kind: 'money',
      label: t('fields.total'),
      sortKey: 'total',
      render: (invoice) => format.money(invoice.total, invoice.currency),
    },
    ...(manages
      ? [
          {
            key: 'dunning_level',
            kind: 'badge' as const,
            label: t('fields.dunningLevel'),
            render: (invoice: InvoiceListItem) =>
              invoice.dunning_level > 0 ? (
                t('list.dunningLevel', { level: invoice.dunning_level })
              ) : (
                <Text span c="dimmed" size="sm">
                  –
                </Text>
              ),
          },
        ]
      : []),
    {
      key: 'pdf',
      label: t('fields.pdf'),
      render: (invoice) => <InvoicePdfButton invoice={invoice} variant="icon" testId="invoice-row-pdf" />,
    },
  ];

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="invoices-page">
        <PageHeader
          title={t('list.title')}
          description={t(manages ? 'list.intro' : seesOtherCompanies ? 'list.introCustomers' : 'list.introOwn')}
          actions={
            <>
              {manages && (
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={exporting}
                  onClick={() => void handleExport()}
                  data-testid="invoices-csv"
                >
                  {t('list.downloadCsv')}
                </Button>
              )}
              {isStaff && (
                <Button
                  component={Link}
                  to={invoicePaths.invoiceCreate}
                  leftSection={<IconPlus size={16} aria-hidden />}
                  data-testid="invoice-create"
                >
                  {t('list.create')}
                </Button>
              )}
            </>
          }
        />
        <ServerList
          testId="invoices"
          rowTestId="invoice-row"
          columns={columns}
          query={invoices}
          searchPlaceholder={manages ? t('list.searchPlaceholder') : t('list.searchPlaceholderOwn')}
          filtered={urlFilters.active}
          loadFailed={t('loadFailed')}
          minWidth={960}
          empty={{
            icon: <IconFileOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('list.emptyTitle'),
            hint: isStaff ? t('list.emptyHint') : manages ? undefined : t('list.emptyHintOwn'),
          }}
          filters={
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('fields.status')}
                value={filters.status}
                onChange={(event) => setFilter('status', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allStatuses') },
                  ...statuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
                ]}
                data-testid="invoices-status-filter"
              />
              <NativeSelect
                label={t('fields.type')}
                value={filters.type}
                onChange={(event) => setFilter('type', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allTypes') },
                  ...INVOICE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
                ]}
                data-testid="invoices-type-filter"
              />
              <DateField
                label={t('list.from')}
                value={filters.from}
                maxDate={filters.to || undefined}
                onChange={(day) => setFilter('from', day)}
                data-testid="invoices-from-filter"
              />
              <DateField
                label={t('list.to')}
                value={filters.to}
                minDate={filters.from || undefined}
                onChange={(day) => setFilter('to', day)}
                data-testid="invoices-to-filter"
              />
            </Group>
          }
        />
      </Stack>
    </Container>
  );
}
