import { Card, Container, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { Slot } from '../../../config/slots';
import { useMyCompany } from '../../../lib/use-is-staff';
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
          <QueryState
            query={company}
            failure="alert"
            retry
            loadFailed={t('loadFailed')}
            loading={
              <Stack>
                <Skeleton h={20} />
                <Skeleton h={20} />
                <Skeleton h={20} />
              </Stack>
            }
          >
            {(data) => (
              <Stack gap="lg">
                <CompanyLogo company={data} />
                <CompanyDetails company={data} />
              </Stack>
            )}
          </QueryState>
        </Card>
        {/* What the features add to the company page (their slots.ts). */}
        <Slot name="my-company.main" />
      </Stack>
    </Container>
  );
}
