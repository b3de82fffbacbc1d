import type { PaymentStatus } from '@cuspid/contracts/payments';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  return (
    <Badge color={status === 'paid' ? 'teal' : 'red'} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
