import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
} from '@cuspid/contracts/payments';
import { Alert, Anchor, Button, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useFormat } from '../../../lib/use-format';
import { useIsStaff } from '../../../lib/use-is-staff';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { invoicePaths } from '../../invoices';
import { downloadPaymentHistoryPdf, usePaymentHistory } from '../api/payments';
import { BankImportModal } from '../components/bank-import-modal';
import { PaymentStatusBadge } from '../components/payment-status-badge';

const isStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);
const isProvider = (value: string): value is PaymentProvider =>
  (PAYMENT_PROVIDERS as readonly string[]).includes(value);

/**
 * The payment history (route /payment-history, backoffice-payment-history): a company's own payments, or every
 * payment in the caller's scope; paged, filtered and sorted on the server, as a PDF with the same filters. Staff
 * import bank statements here. Back from a card checkout, it says whether the payment went through. Each payment's
 * invoice number opens the invoice; an invoice not paid yet (one to pay by bank transfer) has no payment, so the
 * empty history points to the invoices, where it is (ADR 0118).
 */
export function PaymentHistoryPage() {
  const { t } = useTranslation(['payments', 'common']);
  const { params } = useListParams();
  const { sort } = useSortParams();
  const filters = useUrlFilters(['status', 'provider', 'from', 'to', 'invoice'] as const);
  const { values, setFilter } = filters;
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const isStaff = useIsStaff();
  const format = useFormat();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const filterParams = {
    search: params.search,
    status: isStatus(values.status) ? values.status : ('' as const),
    provider: isProvider(values.provider) ? values.provider : ('' as const),
    invoiceId: values.invoice,
    from: values.from,
    to: values.to,
    sortBy: sort.sortBy,
    sortDir: sort.sortDir,
  };
  const payments = usePaymentHistory({ ...params, ...filterParams });

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadPaymentHistoryPdf(filterParams), 'payment-history.pdf');
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  const columns: ListColumn<Payment>[] = [
    {
      key: 'created_at',
      kind: 'date',
      label: t('fields.date'),
      sortKey: 'created_at',
      render: (p) => format.date(p.created_at, true),
    },
    {
      key: 'invoice',
      kind: 'code',
      label: t('fields.invoice'),
      render: (p) =>
        p.invoice_number ? (
          <Anchor
            component={Link}
            to={invoicePaths.invoiceShow(p.invoice_id)}
            ff="monospace"
            data-testid="payment-invoice"
          >
            {p.invoice_number}
          </Anchor>
        ) : (
          <Text ff="monospace">–</Text>
        ),
    },
    { key: 'company', label: t('fields.company'), render: (p) => p.company_name },
    { key: 'provider', label: t('fields.method'), render: (p) => t(`method.${p.provider}`) },
    {
      key: 'reference',
      label: t('fields.reference'),
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace" lineClamp={1} title={p.reference ?? undefined}>
            {p.reference ?? '–'}
          </Text>
          {p.failure_reason && (
            <Text size="xs" c="red">
              {p.failure_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      kind: 'badge',
      label: t('fields.status'),
      render: (p) => <PaymentStatusBadge status={p.status} />,
    },
    {
      key: 'amount',
      kind: 'money',
      label: t('fields.amount'),
      sortKey: 'amount',
      render: (p) => format.money(p.amount, p.currency),
    },
  ];

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="payment-history-page">
        <PageHeader
          title={t('history.title')}
          description={t('history.intro')}
          actions={
            <>
              {isStaff && (
                <Button
                  variant="default"
                  leftSection={<IconFileUpload size={16} aria-hidden />}
                  onClick={() => setImporting(true)}
                  data-testid="bank-import-open"
                >
                  {t('import.open')}
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconFileDownload size={16} aria-hidden />}
                loading={downloading}
                onClick={download}
                data-testid="payment-history-pdf"
              >
                {t('history.pdf')}
              </Button>
            </>
          }
        />
        {checkout === 'done' && (
          <Alert color="teal" title={t('checkout.doneTitle')} data-testid="checkout-done">
            {t('checkout.done')}
          </Alert>
        )}
        {checkout === 'cancelled' && (
          <Alert color="yellow" title={t('checkout.cancelledTitle')}>
            {t('checkout.cancelled')}
          </Alert>
        )}
        <ServerList
          testId="payment-history"
          rowTestId="payment-row"
          columns={columns}
          query={payments}
          searchPlaceholder={t('history.searchPlaceholder')}
          filtered={filters.active}
          loadFailed={t('history.loadFailed')}
          empty={{
            title: t('history.emptyTitle'),
            hint: (
              <>
                {t('history.emptyHint')}{' '}
                <Anchor component={Link} to={invoicePaths.invoices} data-testid="payment-history-invoices">
                  {t('history.openInvoices')}
                </Anchor>
              </>
            ),
          }}
          filters={
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('fields.status')}
                value={values.status}
                onChange={(event) => setFilter('status', event.currentTarget.value)}
                data={[
                  { value: '', label: t('history.allStatuses') },
                  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
                ]}
                data-testid="payment-status-filter"
              />
              <NativeSelect
                label={t('fields.method')}
                value={values.provider}
                onChange={(event) => setFilter('provider', event.currentTarget.value)}
                data={[
                  { value: '', label: t('history.allMethods') },
                  ...PAYMENT_PROVIDERS.map((provider) => ({ value: provider, label: t(`method.${provider}`) })),
                ]}
              />
              <DateField label={t('history.from')} value={values.from} onChange={(day) => setFilter('from', day)} />
              <DateField label={t('history.to')} value={values.to} onChange={(day) => setFilter('to', day)} />
            </Group>
          }
        />
      </Stack>
      {isStaff && <BankImportModal opened={importing} onClose={() => setImporting(false)} />}
    </Container>
  );
}
