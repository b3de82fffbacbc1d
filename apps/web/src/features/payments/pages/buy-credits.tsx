import type { InvoiceMail } from '@cuspid/contracts/invoices';
import type { AvailablePackage } from '@cuspid/contracts/packages';
import type { PaymentProvider, PurchaseResult } from '@cuspid/contracts/payments';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingBank, IconCheck, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useCan } from '../../../lib/can';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { invoicePaths } from '../../invoices';
import { useAvailablePackages, usePurchase, usePurchaseQuote } from '../api/payments';
import { paymentPaths } from '../paths';

/**
 * Buying credits (route /buy-credits, backoffice-credit): the company picks a package at its country's price,
 * optionally enters a coupon, sees the price with VAT, and pays by bank transfer (the invoice and the bank details
 * are shown) or by card (the payment provider's checkout opens). The credits arrive when the invoice is paid.
 */
export function BuyCreditsPage() {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const format = useFormat();
  /** A tax rate in basis points as the language writes a percentage number (19, 7,7). */
  const percent = (bp: number) =>
    new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 }).format(bp / 100);
  const packages = useAvailablePackages();
  const [packageId, setPackageId] = useState<string | null>(null);
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState('');
  const [method, setMethod] = useState<PaymentProvider>('bank-transfer');
  const [result, setResult] = useState<PurchaseResult | null>(null);
  const quote = usePurchaseQuote(
    packageId ? { package_id: packageId, ...(coupon ? { coupon_code: coupon } : {}) } : null,
  );
  const purchase = usePurchase();
  const money = (cents: number, currency: string) => format.money(cents, currency);
  const methods = quote.data?.payment_methods ?? ['bank-transfer'];

  const buy = () => {
    if (!packageId) return;
    purchase.mutate(
      { package_id: packageId, payment_method: method, ...(coupon ? { coupon_code: coupon } : {}) },
      {
        onSuccess: (bought) => {
          if (bought.checkout_url) window.location.assign(bought.checkout_url);
          else setResult(bought);
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  if (result) return <PurchaseDone result={result} />;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="buy-credits-page">
        <PageHeader title={t('buy.title')} description={t('buy.intro')} />
        <QueryState
          query={packages}
          failure="alert"
          loadFailed={t('buy.packagesFailed')}
          skeletonHeight={120}
          isEmpty={(page) => page.data.length === 0}
          empty={<Alert color="gray">{t('buy.noPackages')}</Alert>}
        >
          {(page) => (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="radiogroup" aria-label={t('buy.package')}>
              {page.data.map((p) => (
                <PackageCard key={p.id} offer={p} selected={p.id === packageId} onSelect={() => setPackageId(p.id)} />
              ))}
            </SimpleGrid>
          )}
        </QueryState>
        {packageId && (
          <Card withBorder padding="lg">
            <Stack>
              <Group align="flex-end">
                <TextInput
                  label={t('buy.coupon')}
                  value={couponInput}
                  onChange={(event) => setCouponInput(event.currentTarget.value)}
                  style={{ flex: 1, maxWidth: 320 }}
                  error={coupon && quote.isError ? errorMessage(quote.error) : undefined}
                  data-testid="buy-coupon"
                />
                <Button variant="default" onClick={() => setCoupon(couponInput.trim())} data-testid="buy-coupon-apply">
                  {t('buy.applyCoupon')}
                </Button>
              </Group>
              {!coupon && quote.isError && <Alert color="red">{errorMessage(quote.error)}</Alert>}
              {quote.data && (
                <Table data-testid="buy-quote" withRowBorders={false} maw={420}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>{t('buy.price')}</Table.Td>
                      <Table.Td ta="right">{money(quote.data.price, quote.data.currency)}</Table.Td>
                    </Table.Tr>
                    {quote.data.discount > 0 && (
                      <Table.Tr>
                        <Table.Td>{t('buy.discount', { code: quote.data.coupon_code })}</Table.Td>
                        <Table.Td ta="right">−{money(quote.data.discount, quote.data.currency)}</Table.Td>
                      </Table.Tr>
                    )}
                    <Table.Tr>
                      <Table.Td>{t('buy.net')}</Table.Td>
                      <Table.Td ta="right">{money(quote.data.net, quote.data.currency)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>
                        {quote.data.reverse_charge
                          ? t('buy.reverseCharge')
                          : t('buy.tax', { rate: percent(quote.data.tax_rate) })}
                      </Table.Td>
                      <Table.Td ta="right">{money(quote.data.tax, quote.data.currency)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr fw={700}>
                      <Table.Td>{t('buy.total')}</Table.Td>
                      <Table.Td ta="right" data-testid="buy-total">
                        {money(quote.data.total, quote.data.currency)}
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              )}
              <Radio.Group
                label={t('buy.method')}
                value={method}
                onChange={(value) => setMethod(value as PaymentProvider)}
              >
                <Group mt="xs">
                  {methods.map((m) => (
                    <Radio key={m} value={m} label={t(`method.${m}`)} data-testid={`buy-method-${m}`} />
                  ))}
                </Group>
              </Radio.Group>
              <Group>
                <Button
                  onClick={buy}
                  loading={purchase.isPending}
                  disabled={!quote.data}
                  leftSection={
                    method === 'stripe' ? (
                      <IconCreditCard size={16} aria-hidden />
                    ) : (
                      <IconBuildingBank size={16} aria-hidden />
                    )
                  }
                  data-testid="buy-submit"
                >
                  {method === 'stripe' ? t('buy.payByCard') : t('buy.order')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

function PackageCard({
  offer,
  selected,
  onSelect,
}: {
  offer: AvailablePackage;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <UnstyledButton role="radio" aria-checked={selected} onClick={onSelect} data-testid="buy-package">
      <Card
        withBorder
        padding="lg"
        style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      >
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {offer.name}
          </Title>
          {selected && <IconCheck size={18} aria-hidden />}
        </Group>
        <Text size="xl" fw={700} mt="xs">
          {t('buy.credits', { count: offer.credits })}
        </Text>
        <Text c="dimmed">{format.money(offer.price_cents, offer.currency)}</Text>
        {offer.description && (
          <Text size="sm" mt="xs">
            {offer.description}
          </Text>
        )}
      </Card>
    </UnstyledButton>
  );
}

/** Where the invoice mail went, as the purchase's answer says: never a mail that was not sent. */
function InvoiceMailNote({ mail }: { mail: InvoiceMail }) {
  const { t } = useTranslation('payments');
  const to = mail.to.join(', ');
  const text = !mail.to.length
    ? mail.not_sent === 'no-template'
      ? t('done.notMailedNoTemplate')
      : t('done.notMailedNoRecipient')
    : mail.recipients === 'owners'
      ? t('done.mailedToOwners', { to })
      : t('done.mailed', { to });
  return (
    <Text span inherit data-testid="buy-invoice-mail">
      {text}
    </Text>
  );
}

/** After ordering: paid at once (a coupon covered it), or the bank details to pay the issued invoice. */
function PurchaseDone({ result }: { result: PurchaseResult }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const { invoice, bank_transfer: bank, invoice_mail: mail } = result;
  const mailed = mail.to.length > 0;
  const { can } = useCan();
  // The invoice's page is open to the invoices' readers: the payment history's holders among them (ADR 0118).
  const readsInvoices = can('backoffice-invoice') || can('backoffice-payment-history');
  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="buy-done">
        <PageHeader title={t('done.title')} />
        {invoice.status === 'paid' ? (
          <Alert color={mailed ? 'teal' : 'yellow'} title={t('done.paidTitle')}>
            {t('done.paid')} <InvoiceMailNote mail={mail} />
          </Alert>
        ) : (
          <Alert color={mailed ? 'blue' : 'yellow'} title={t('done.invoiceTitle', { number: invoice.number })}>
            <InvoiceMailNote mail={mail} /> {t('done.bookedOnPayment')}
          </Alert>
        )}
        {bank && (
          <Card withBorder padding="lg" data-testid="bank-instructions">
            <Title order={2} size="h4" mb="sm">
              {t('done.bankTitle')}
            </Title>
            <Table withRowBorders={false}>
              <Table.Tbody>
                {(
                  [
                    ['accountHolder', bank.account_holder],
                    ['bankName', bank.bank_name],
                    ['iban', bank.iban],
                    ['bic', bank.bic],
                    ['reference', bank.reference],
                    ['amount', format.money(bank.amount, bank.currency)],
                  ] as const
                )
                  .filter(([, value]) => value)
                  .map(([key, value]) => (
                    <Table.Tr key={key}>
                      <Table.Td c="dimmed">{t(`done.${key}`)}</Table.Td>
                      <Table.Td ff={key === 'iban' || key === 'reference' ? 'monospace' : undefined}>{value}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed" mt="sm">
              {t('done.bankHint')}
            </Text>
          </Card>
        )}
        <Group>
          {readsInvoices && (
            <Button component={Link} to={invoicePaths.invoiceShow(invoice.id)} data-testid="buy-open-invoice">
              {t('done.openInvoice')}
            </Button>
          )}
          <Button component={Link} to={paymentPaths.paymentHistory} variant="default">
            {t('done.history')}
          </Button>
          <Button component={Link} to="/credits" variant="default">
            {t('done.credits')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
