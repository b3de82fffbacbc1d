import type { Invoice } from '@cuspid/contracts/invoices';
import { Alert, Anchor, Badge, Card, Container, Grid, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useIsStaff } from '../../../lib/use-is-staff';
import { useInvoice } from '../api/invoices';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceCardPayment } from '../components/invoice-card-payment';
import { InvoiceStatusBadge, useInvoiceFormat } from '../components/invoice-display';
import { InvoicePdfButton } from '../components/invoice-pdf-button';
import { InvoicePdfPreview } from '../components/invoice-pdf-preview';
import { InvoiceTotalsTable } from '../components/invoice-totals-table';
import { invoicePaths } from '../paths';

function Field({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value || '–'}</Text>
    </div>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Field label={t('fields.company')} value={invoice.company_name} />
      <Field label={t('fields.invoiceDate')} value={format.day(invoice.invoice_date)} testId="invoice-date" />
      <Field label={t('fields.dueDate')} value={format.day(invoice.due_date)} />
      <Field label={t('fields.paymentTermDays')} value={t('show.days', { count: invoice.payment_term_days })} />
      <Field label={t('fields.issuedAt')} value={format.instant(invoice.issued_at)} />
      <Field label={t('fields.paidAt')} value={format.instant(invoice.paid_at)} />
      {invoice.cancelled_at && <Field label={t('fields.cancelledAt')} value={format.instant(invoice.cancelled_at)} />}
      {invoice.type === 'invoice' && (
        <Field
          label={t('fields.dunningLevel')}
          value={
            invoice.dunning_level > 0
              ? t('show.dunning', { level: invoice.dunning_level, date: format.instant(invoice.last_reminder_at) })
              : t('show.noDunning')
          }
        />
      )}
      {invoice.notes && <Field label={t('fields.notes')} value={invoice.notes} />}
    </SimpleGrid>
  );
}

function BillingAddress({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const address = invoice.billing_address;
  const lines = [
    address.company_name,
    address.address_line1,
    address.address_line2,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.country,
  ].filter((line): line is string => Boolean(line));
  return (
    <Stack gap={4} data-testid="invoice-billing-address">
      <Title order={2} size="h4">
        {t('show.billingAddress')}
      </Title>
      <Text size="xs" c="dimmed">
        {invoice.status === 'draft' ? t('show.billingAddressDraft') : t('show.billingAddressIssued')}
      </Text>
      {lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {address.vat_id && <Text size="sm">{t('show.vatId', { vatId: address.vat_id })}</Text>}
    </Stack>
  );
}

function InvoiceLinesTable({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  if (invoice.lines.length === 0) return <Text c="dimmed">{t('lines.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('lines.articleNumber')}</Table.Th>
            <Table.Th>{t('lines.name')}</Table.Th>
            <Table.Th ta="right">{t('lines.quantity')}</Table.Th>
            <Table.Th ta="right">{t('lines.unitPrice', { currency: invoice.currency })}</Table.Th>
            <Table.Th ta="right">{t('lines.taxRate')}</Table.Th>
            <Table.Th ta="right">{t('lines.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line.position} data-testid="invoice-line">
              <Table.Td>{line.position}</Table.Td>
              <Table.Td>{line.article_number ?? '–'}</Table.Td>
              <Table.Td>{line.name}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{format.money(line.unit_price, invoice.currency)}</Table.Td>
              <Table.Td ta="right">{format.taxRate(line.tax_rate)}</Table.Td>
              <Table.Td ta="right">{format.money(line.net, invoice.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InvoiceReminders({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  if (invoice.reminders.length === 0) return <Text c="dimmed">{t('reminders.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="invoice-reminders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reminders.step')}</Table.Th>
            <Table.Th>{t('reminders.levelName')}</Table.Th>
            <Table.Th ta="right">{t('reminders.fee')}</Table.Th>
            <Table.Th>{t('reminders.mailedTo')}</Table.Th>
            <Table.Th>{t('reminders.sentAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.reminders.map((reminder) => (
            <Table.Tr key={reminder.step} data-testid="invoice-reminder">
              <Table.Td>{reminder.step}</Table.Td>
              <Table.Td>{reminder.level_name}</Table.Td>
              <Table.Td ta="right">{format.money(reminder.fee, invoice.currency)}</Table.Td>
              <Table.Td>{reminder.mailed_to ?? t('reminders.notMailed')}</Table.Td>
              <Table.Td>{format.instant(reminder.sent_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The credit note that cancelled an invoice, or the invoice a credit note cancels. */
function RelatedInvoice({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  if (invoice.credit_note_id) {
    return (
      <Alert color="gray" data-testid="invoice-credit-note">
        {t('show.cancelledBy')}{' '}
        <Anchor component={Link} to={invoicePaths.invoiceShow(invoice.credit_note_id)}>
          {t('show.openCreditNote')}
        </Anchor>
      </Alert>
    );
  }
  if (invoice.cancels_invoice_id) {
    return (
      <Alert color="gray" data-testid="invoice-cancels">
        {t('show.cancels')}{' '}
        <Anchor component={Link} to={invoicePaths.invoiceShow(invoice.cancels_invoice_id)}>
          {t('show.openCancelledInvoice')}
        </Anchor>
      </Alert>
    );
  }
  return null;
}

/**
 * One invoice or credit note (route /invoices/{id}/show): what it says, its PDF, and what may be done with it: the back
 * office's actions for staff; for a practice reading its own (ADR 0118) none of them, and paying an open one by card
 * where the server offers it.
 */
export function InvoiceShowPage() {
  const { t } = useTranslation(['invoices', 'common', 'nav']);
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  return (
    <QueryState
      query={invoice}
      loadFailed={t('loadFailed')}
      back={{ to: invoicePaths.invoices, list: t('nav:invoices') }}
    >
      {(data) => <InvoiceView data={data} />}
    </QueryState>
  );
}

/** The loaded invoice: its header with the actions, its figures and its lines. */
function InvoiceView({ data }: { data: Invoice }) {
  const { t } = useTranslation(['invoices', 'common', 'nav']);
  const isStaff = useIsStaff();
  const name =
    data.type === 'credit-note'
      ? t('show.creditNoteTitle', { number: data.number ?? t('draft') })
      : data.number
        ? t('show.title', { number: data.number })
        : t('show.draftTitle', { company: data.company_name });

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="invoice-show">
        <PageHeader
          back={{ to: invoicePaths.invoices, list: t('nav:invoices') }}
          title={name}
          titleTestId="invoice-title"
          badges={
            <>
              <InvoiceStatusBadge status={data.status} />
              {data.status === 'open' && data.dunning_paused && (
                <Badge variant="outline" color="orange" data-testid="invoice-dunning-paused">
                  {t('show.dunningPaused')}
                </Badge>
              )}
            </>
          }
          actions={
            <>
              <InvoicePdfButton invoice={data} />
              {isStaff ? <InvoiceActions invoice={data} name={name} /> : <InvoiceCardPayment invoice={data} />}
            </>
          }
        />
        <RelatedInvoice invoice={data} />
        <Card withBorder radius="lg" padding="lg">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <InvoiceDetails invoice={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <BillingAddress invoice={data} />
            </Grid.Col>
          </Grid>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('lines.title')}
            </Title>
            <InvoiceLinesTable invoice={data} />
            {data.reverse_charge_note && (
              <Alert color="blue" data-testid="invoice-reverse-charge">
                {t('show.reverseChargeNote')}
              </Alert>
            )}
            <InvoiceTotalsTable
              totals={{ net: data.net, tax: data.tax, total: data.total, taxes: data.taxes }}
              currency={data.currency}
              reverseCharge={data.reverse_charge}
            />
          </Stack>
        </Card>
        {data.type === 'invoice' && (
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('reminders.title')}
            </Title>
            <InvoiceReminders invoice={data} />
          </Card>
        )}
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('pdf.title')}
          </Title>
          <InvoicePdfPreview invoice={data} title={t('pdf.frameTitle', { name })} />
        </Card>
      </Stack>
    </Container>
  );
}
