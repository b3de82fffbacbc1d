import type { Unit } from '@cuspid/contracts/companies';
import { Alert, Button, Card, Container, Group, List, Modal, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCompany, useCompanyUnits, useDeleteCompany } from '../../features/companies/api/companies';
import { companyKeys } from '../../features/companies/api/get-my-company';
import { CompanyDetails } from '../../features/companies/components/company-details';
import { RecordLabels } from '../../features/flags/components/flag-badge';
import { RecordLabelsEditor } from '../../features/flags/components/record-labels-editor';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';

function UnitTree({ units, parentId }: { units: Unit[]; parentId: string | null }) {
  const { t } = useTranslation('companies');
  const children = units.filter((u) => u.parent_id === parentId);
  if (!children.length) return null;
  return (
    <List withPadding={parentId !== null}>
      {children.map((unit) => (
        <List.Item key={unit.id}>
          <Text span fw={500}>
            {unit.name}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            {t('units.members', { count: unit.user_ids.length })}
          </Text>
          <UnitTree units={units} parentId={unit.id} />
        </List.Item>
      ))}
    </List>
  );
}

/** One company with tabs: details and units (route /customers/:id/show). */
export function CustomerShowPage() {
  const { t } = useTranslation(['companies', 'flags', 'common']);
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const company = useCompany(id);
  const [tab, setTab] = useState<string | null>('details');
  const units = useCompanyUnits(id, tab === 'units');
  const remove = useDeleteCompany();
  const [confirming, setConfirming] = useState(false);

  const handleDelete = async () => {
    try {
      const result = await remove.mutateAsync(id);
      notifySuccess(result.message);
      void navigate('/customers');
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };

  if (company.isError) {
    return (
      <Alert color="red" title={t('loadFailed')}>
        {errorMessage(company.error)}
      </Alert>
    );
  }
  if (!company.data) return <Skeleton h={320} />;
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="customer-show">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={1}>{company.data.company_name}</Title>
            <RecordLabels flag={company.data.flag} tags={company.data.tags} />
          </Group>
          <Group gap="xs">
            <Button component={Link} to={`/customers/${id}/edit`} variant="light">
              {t('show.edit')}
            </Button>
            {!company.data.is_operator && (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('show.delete')}
              </Button>
            )}
          </Group>
        </Group>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="details">{t('show.details')}</Tabs.Tab>
            <Tabs.Tab value="units">{t('show.units')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="lg">
              <Card withBorder radius="lg" padding="lg">
                <CompanyDetails company={company.data} />
              </Card>
              <Card withBorder radius="lg" padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('flags:editor.title')}
                </Title>
                <RecordLabelsEditor
                  type="company"
                  id={id}
                  flag={company.data.flag}
                  tags={company.data.tags}
                  onSaved={() => void queryClient.invalidateQueries({ queryKey: companyKeys.all })}
                />
              </Card>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="units" pt="md">
            <Card withBorder radius="lg" padding="lg">
              {units.isError ? (
                <Text c="red">{errorMessage(units.error)}</Text>
              ) : !units.data ? (
                <Skeleton h={80} />
              ) : units.data.data.length === 0 ? (
                <Text c="dimmed">{t('units.none')}</Text>
              ) : (
                <UnitTree units={units.data.data} parentId={null} />
              )}
            </Card>
          </Tabs.Panel>
        </Tabs>
        <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('show.confirmTitle')} centered>
          <Text mb="md">{t('show.confirmText', { name: company.data.company_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('form.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void handleDelete()}>
              {t('show.delete')}
            </Button>
          </Group>
        </Modal>
      </Stack>
    </Container>
  );
}
