import type { Invoice } from '@cuspid/contracts/invoices';
import { Button } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useInvoiceCardCheckout } from '../api/invoices';

/**
 * "Pay by card" for an open invoice the server offers for card payment (`card_payment`: card payment is set up and
 * it is the caller's own): opens the payment provider's checkout, which returns to the payment history.
 */
export function InvoiceCardPayment({ invoice }: { invoice: Pick<Invoice, 'id' | 'card_payment'> }) {
  const { t } = useTranslation('invoices');
  const checkout = useInvoiceCardCheckout();
  if (!invoice.card_payment) return null;

  const handlePay = async () => {
    try {
      const { checkout_url } = await checkout.mutateAsync(invoice.id);
      window.location.assign(checkout_url);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Button
      leftSection={<IconCreditCard size={16} aria-hidden />}
      loading={checkout.isPending}
      onClick={() => void handlePay()}
      data-testid="invoice-pay-by-card"
    >
      {t('actions.payByCard')}
    </Button>
  );
}
