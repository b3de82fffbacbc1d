import { DEFAULT_CURRENCY } from '@cuspid/contracts';
import type { Company } from '@cuspid/contracts/companies';
import {
  type Invoice,
  type InvoiceLineAmounts,
  invoiceInputSchema,
  invoiceTotals,
  invoiceUpdateSchema,
  reverseChargeApplies,
} from '@cuspid/contracts/invoices';
import { MAX_PRICE_CENTS } from '@cuspid/contracts/packages';
import { Alert, Anchor, Card, Container, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { amountToCents, centsToAmount, percentToBasisPoints } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useIsStaff, useMyCompany } from '../../../lib/use-is-staff';
import { useInvoice, useSaveInvoice } from '../api/invoices';
import { InvoiceCompanySelect } from '../components/invoice-company-select';
import { useInvoiceFormat } from '../components/invoice-display';
import {
  type InvoiceFormValues,
  InvoiceLinesEditor,
  type InvoiceLineValues,
  newLine,
} from '../components/invoice-lines-editor';
import { invoiceFormErrors, invoiceServerErrors } from '../components/invoice-messages';
import { InvoiceTotalsTable } from '../components/invoice-totals-table';
import { invoicePaths } from '../paths';

const DEFAULT_PAYMENT_TERM_DAYS = 14;

function toValues(invoice?: Invoice): InvoiceFormValues {
  return {
    company_id: invoice?.company_id ?? '',
    payment_term_days: invoice?.payment_term_days ?? DEFAULT_PAYMENT_TERM_DAYS,
    notes: invoice?.notes ?? '',
    lines: invoice
      ? invoice.lines.map((line) => ({
          key: randomId(),
          article_number: line.article_number ?? '',
          name: line.name,
          quantity: line.quantity,
          unit_price: centsToAmount(line.unit_price),
          tax_rate: line.tax_rate / 100,
        }))
      : [newLine()],
  };
}

const numberOrUndefined = (value: number | string) => (value === '' ? undefined : Number(value));

/** A line as the request sends it: the price in cents, the tax rate in basis points. */
function toLine(line: InvoiceLineValues) {
  return {
    article_number: line.article_number,
    name: line.name,
    quantity: numberOrUndefined(line.quantity),
    unit_price: line.unit_price === '' ? undefined : amountToCents(line.unit_price),
    tax_rate: line.tax_rate === '' ? undefined : percentToBasisPoints(line.tax_rate),
  };
}

function toBody(values: InvoiceFormValues, invoice?: Invoice) {
  const fields = {
    lines: values.lines.map(toLine),
    payment_term_days: numberOrUndefined(values.payment_term_days),
    notes: values.notes,
  };
  // The company of a draft is chosen once: an edit sends its lines, term and notes.
  return invoice ? fields : { company_id: values.company_id, ...fields };
}

/** The lines whose figures are complete, for the totals shown while typing. */
function amountsOf(lines: InvoiceLineValues[]): InvoiceLineAmounts[] {
  return lines.flatMap((line) => {
    const amounts = toLine(line);
    const { quantity, unit_price, tax_rate } = amounts;
    return quantity !== undefined &&
      unit_price !== undefined &&
      tax_rate !== undefined &&
      [quantity, unit_price, tax_rate].every(Number.isFinite)
      ? [{ quantity, unit_price, tax_rate }]
      : [];
  });
}

/**
 * The draft form (create and edit): a company, the payment term, notes and the lines, validated with the
 * contracts' schema; net, tax per rate and total computed as the server will compute them, while typing.
 */
export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const { t } = useTranslation(['invoices', 'common']);
  const navigate = useNavigate();
  const save = useSaveInvoice();
  const format = useInvoiceFormat();
  // The operator sells: staff's own company.
  const seller = useMyCompany();
  const [buyer, setBuyer] = useState<Company | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const currency = invoice?.currency ?? DEFAULT_CURRENCY;
  const maxPrice = format.money(MAX_PRICE_CENTS, currency);
  const schema = invoice ? invoiceUpdateSchema : invoiceInputSchema;
  const form = useForm<InvoiceFormValues>({
    initialValues: toValues(invoice),
    validate: (values) => invoiceFormErrors(t, schema, toBody(values, invoice), maxPrice),
  });

  // A draft keeps the reverse charge the server gave it; a new one follows the chosen company (ADR 0105).
  const reverseCharge = invoice
    ? invoice.reverse_charge
    : buyer !== null &&
      reverseChargeApplies(
        { country: seller.data?.country ?? '' },
        { country: buyer.country ?? '', vatId: buyer.vat_id, applyReverseCharge: buyer.apply_reverse_charge },
      );
  const lines = form.values.lines;
  const totals = useMemo(() => invoiceTotals(amountsOf(lines), { reverseCharge }), [lines, reverseCharge]);

  // Leaves once the guard knows the form is saved.
  useEffect(() => {
    if (savedId) void navigate(invoicePaths.invoiceShow(savedId));
  }, [savedId, navigate]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const body = schema.parse(toBody(values, invoice));
      const saved = await save.mutateAsync({ ...(invoice ? { id: invoice.id } : {}), body });
      notifySuccess(t('form.saved'));
      setSavedId(saved.id);
    } catch (error) {
      notifyError(error, {
        setErrors: (errors: FormErrors) => form.setErrors(invoiceServerErrors(t, errors, maxPrice)),
      });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="invoice-form">
      <UnsavedChangesGuard when={form.isDirty() && !savedId && !save.isPending} />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {invoice ? (
              <div>
                <Text size="sm" fw={500}>
                  {t('fields.company')}
                </Text>
                <Text data-testid="invoice-company-name">{invoice.company_name}</Text>
              </div>
            ) : (
              <InvoiceCompanySelect
                value={form.values.company_id}
                onChange={(company) => {
                  setBuyer(company);
                  form.setFieldValue('company_id', company?.id ?? '');
                }}
                error={form.errors.company_id}
              />
            )}
            <NumberInput
              label={t('fields.paymentTermDays')}
              description={t('form.paymentTermHint')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('payment_term_days')}
            />
          </SimpleGrid>
          <Textarea
            mt="md"
            label={t('fields.notes')}
            description={t('form.notesHint')}
            rows={2}
            {...form.getInputProps('notes')}
          />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('lines.title')}
            </Title>
            <InvoiceLinesEditor form={form} currency={currency} />
            {reverseCharge && (
              <Alert color="blue" data-testid="invoice-reverse-charge">
                {t('form.reverseCharge')}
              </Alert>
            )}
            <InvoiceTotalsTable totals={totals} currency={currency} reverseCharge={reverseCharge} />
          </Stack>
        </Card>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} submitting={save.isPending} />
      </Stack>
    </form>
  );
}

/** /invoices/create: the back office's; a partner reading its customers' invoices is told so. */
export function InvoiceCreatePage() {
  const { t } = useTranslation(['invoices', 'nav']);
  const isStaff = useIsStaff();
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="invoice-create-page">
        <PageHeader
          back={{ to: invoicePaths.invoices, list: t('nav:invoices') }}
          title={t('form.createTitle')}
          description={t('form.createIntro')}
        />
        {isStaff === false ? (
          <Alert color="yellow" data-testid="invoice-staff-only">
            {t('form.staffOnly')}
          </Alert>
        ) : (
          <InvoiceForm />
        )}
      </Stack>
    </Container>
  );
}

/** /invoices/{id}/edit: drafts only; an issued invoice is never edited. */
export function InvoiceEditPage() {
  const { t } = useTranslation(['invoices', 'nav']);
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="invoice-edit-page">
        <PageHeader back={{ to: invoicePaths.invoices, list: t('nav:invoices') }} title={t('form.editTitle')} />
        <QueryState
          query={invoice}
          loadFailed={t('loadFailed')}
          back={{ to: invoicePaths.invoices, list: t('nav:invoices') }}
        >
          {(data) =>
            data.status !== 'draft' ? (
              <Alert color="yellow" title={t('form.notDraftTitle')} data-testid="invoice-not-draft">
                <Text size="sm" mb="xs">
                  {t('form.notDraft')}
                </Text>
                <Anchor component={Link} to={invoicePaths.invoiceShow(id)} size="sm">
                  {t('form.toInvoice')}
                </Anchor>
              </Alert>
            ) : (
              <InvoiceForm key={data.id} invoice={data} />
            )
          }
        </QueryState>
      </Stack>
    </Container>
  );
}
