import { Alert, Button, Card, Container, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { Can } from '../../../lib/can';
import { errorMessage } from '../../../lib/notify';
import { useMyCompany } from '../../../lib/use-is-staff';
import { RedeemCouponCard } from '../../coupons';
import { CompanyDetails } from '../components/company-details';
import { CompanyLogo } from '../components/company-logo';

/** The signed-in user's own company (route /my-company, ADR 0052). */
export function MyCompanyPage() {
  const { t } = useTranslation(['companies', 'common']);
  const company = useMyCompany();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="my-company">
        <PageHeader title={company.data?.company_name ?? t('myCompany.title')} description={t('myCompany.intro')} />
        <Card withBorder radius="lg" padding="lg">
          {company.isError ? (
            <Alert color="red" title={t('loadFailed')}>
              <Text size="sm" mb="sm">
                {errorMessage(company.error)}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void company.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </Alert>
          ) : company.data ? (
            <Stack gap="lg">
              <CompanyLogo company={company.data} />
              <CompanyDetails company={company.data} />
            </Stack>
          ) : (
            <Stack>
              <Skeleton h={20} />
              <Skeleton h={20} />
              <Skeleton h={20} />
            </Stack>
          )}
        </Card>
        <Can permission="backoffice-credit">
          <RedeemCouponCard />
        </Can>
      </Stack>
    </Container>
  );
}
