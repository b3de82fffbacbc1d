import { Button, Container, Stack, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useIsStaff } from '../../../lib/use-is-staff';
import { paymentPaths } from '../../payments';
import { BalanceHistoryChart } from '../components/balance-history-chart';
import { CreditBalanceCards } from '../components/credit-balance-cards';
import { CreditHistoryTable } from '../components/credit-history-table';

/** The signed-in company's credits (route /credits, backoffice-credit): balance, balance history and ledger. */
export function CreditsPage() {
  const { t } = useTranslation('credits');
  const companyId = useSession()?.token_info.company_id ?? '';
  // The back office's own company also has this page; "your credits pay for case processing" is a customer's line.
  const isStaff = useIsStaff() === true;
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="credits-page">
        <PageHeader
          title={t('title')}
          description={t(isStaff ? 'introStaff' : 'intro')}
          actions={
            <Button
              component={Link}
              to={paymentPaths.buyCredits}
              leftSection={<IconShoppingCart size={16} aria-hidden />}
              data-testid="credits-buy"
            >
              {t('buy')}
            </Button>
          }
        />
        <CreditBalanceCards companyId={companyId} />
        <BalanceHistoryChart companyId={companyId} />
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('history.title')}
          </Title>
          <CreditHistoryTable companyId={companyId} />
        </Stack>
      </Stack>
    </Container>
  );
}
