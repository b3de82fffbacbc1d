import type { Unit } from '@cuspid/contracts/companies';
import { Card, Container, Group, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteAction, EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useCan } from '../../../lib/can';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { myCompanyQuery } from '../../../lib/use-is-staff';
import { BalanceHistoryChart, CreditBalanceCards, CreditHistoryTable, GrantCreditsButton } from '../../credits';
import type { AssigneeOption } from '../../crm';
import { CustomerTimelinePanel } from '../../crm';
import { RecordLabels, RecordLabelsEditor } from '../../flags';
import { CompanyUsersTable, userListQuery } from '../../users';
import { companyKeys, useCompany, useCompanyUnits, useDeleteCompany } from '../api/companies';
import { CompanyDetails } from '../components/company-details';
import { companyPaths } from '../paths';

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

const TABS = ['details', 'units', 'notes', 'users', 'credits', 'balance'] as const;

/**
 * Who an activity can be assigned to: the viewer's own colleagues when the viewer may list users (the first 100,
 * by name), else only the viewer.
 */
function useAssigneeOptions(enabled: boolean): AssigneeOption[] {
  const { t } = useTranslation('crm');
  const session = useSession();
  const canListUsers = useCan().can('list-users');
  const companyId = session?.token_info.company_id;
  const selfId = session?.token_info.user_id ?? '';
  const colleagues = useQuery({
    ...userListQuery({
      company_id: companyId,
      limit_start: 0,
      limit_count: 100,
      sort_by: 'last_name',
      sort_dir: 'asc',
    }),
    enabled: enabled && canListUsers && Boolean(companyId),
  });
  return useMemo(() => {
    const me = { value: selfId, label: t('activity.me') };
    const others = (colleagues.data?.data ?? [])
      .filter((u) => u.is_active && u.id !== selfId)
      .map((u) => ({ value: u.id, label: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.mail }));
    return selfId ? [me, ...others] : others;
  }, [colleagues.data, selfId, t]);
}

/** One company with tabs: details, units, notes and activities, users (route /customers/:id/show?tab=…). */
export function CustomerShowPage() {
  const { t } = useTranslation(['companies', 'common', 'crm', 'flags', 'credits', 'nav']);
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const company = useCompany(id);
  const { can } = useCan();
  const canListUsers = can('list-users');
  const canSeeCredits = can('backoffice-credit');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const allowed = (name: (typeof TABS)[number]) =>
    name === 'users' ? canListUsers : name === 'credits' || name === 'balance' ? canSeeCredits : true;
  const tab = TABS.find((name) => name === requested && allowed(name)) ?? ('details' as const);
  // Only back-office staff (the operator's users) may grant credits (ADR 0090).
  const holdsGrant = canSeeCredits && can('backoffice-grant-credit');
  const mine = useQuery({ ...myCompanyQuery(), enabled: holdsGrant });
  const canGrant = holdsGrant && mine.data?.is_operator === true;
  const setTab = (value: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (!value || value === 'details') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const units = useCompanyUnits(id, tab === 'units');
  const assignees = useAssigneeOptions(tab === 'notes');
  const remove = useDeleteCompany();
  const [confirming, setConfirming] = useState(false);

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(id);
      notifySuccess(t('show.deleted'));
      void navigate(companyPaths.customers);
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <QueryState
      query={company}
      loadFailed={t('loadFailed')}
      back={{ to: companyPaths.customers, list: t('nav:customers') }}
    >
      {(data) => (
        <Container size="lg" px={0}>
          <Stack gap="lg" data-testid="customer-show">
            <PageHeader
              back={{ to: companyPaths.customers, list: t('nav:customers') }}
              title={data.company_name}
              badges={<RecordLabels flag={data.flag} tags={data.tags} />}
              actions={
                <>
                  <EditAction to={companyPaths.customerEdit(id)}>{t('show.edit')}</EditAction>
                  {!data.is_operator && (
                    <DeleteAction onClick={() => setConfirming(true)}>{t('show.delete')}</DeleteAction>
                  )}
                </>
              }
            />
            <Tabs value={tab} onChange={setTab}>
              <Tabs.List>
                <Tabs.Tab value="details">{t('show.details')}</Tabs.Tab>
                <Tabs.Tab value="units">{t('show.units')}</Tabs.Tab>
                <Tabs.Tab value="notes">{t('crm:tab')}</Tabs.Tab>
                {canListUsers && <Tabs.Tab value="users">{t('crm:companyUsers.tab')}</Tabs.Tab>}
                {canSeeCredits && <Tabs.Tab value="credits">{t('credits:history.title')}</Tabs.Tab>}
                {canSeeCredits && <Tabs.Tab value="balance">{t('credits:chart.title')}</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="details" pt="md">
                <Stack gap="lg">
                  <Card withBorder radius="lg" padding="lg">
                    <CompanyDetails company={data} />
                  </Card>
                  <Card withBorder radius="lg" padding="lg">
                    <Title order={2} size="h4" mb="sm">
                      {t('flags:editor.title')}
                    </Title>
                    <RecordLabelsEditor
                      type="company"
                      id={id}
                      flag={data.flag}
                      tags={data.tags}
                      onSaved={() => void queryClient.invalidateQueries({ queryKey: companyKeys.all })}
                    />
                  </Card>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="units" pt="md">
                <Card withBorder radius="lg" padding="lg">
                  <QueryState
                    query={units}
                    failure="line"
                    skeletonHeight={80}
                    isEmpty={(page) => page.data.length === 0}
                    empty={<Text c="dimmed">{t('units.none')}</Text>}
                  >
                    {(page) => <UnitTree units={page.data} parentId={null} />}
                  </QueryState>
                </Card>
              </Tabs.Panel>
              <Tabs.Panel value="notes" pt="md">
                {tab === 'notes' && <CustomerTimelinePanel companyId={id} assignees={assignees} />}
              </Tabs.Panel>
              {canListUsers && (
                <Tabs.Panel value="users" pt="md">
                  <Card withBorder radius="lg" padding="lg">
                    {tab === 'users' && <CompanyUsersTable companyId={id} />}
                  </Card>
                </Tabs.Panel>
              )}
              {canSeeCredits && (
                <Tabs.Panel value="credits" pt="md">
                  {tab === 'credits' && (
                    <Stack gap="lg">
                      {canGrant && (
                        <Group justify="flex-end">
                          <GrantCreditsButton companyId={id} />
                        </Group>
                      )}
                      <CreditBalanceCards companyId={id} />
                      <CreditHistoryTable companyId={id} />
                    </Stack>
                  )}
                </Tabs.Panel>
              )}
              {canSeeCredits && (
                <Tabs.Panel value="balance" pt="md">
                  {tab === 'balance' && <BalanceHistoryChart companyId={id} />}
                </Tabs.Panel>
              )}
            </Tabs>
            <ConfirmDialog
              opened={confirming}
              onCancel={() => setConfirming(false)}
              onConfirm={() => void handleDelete()}
              loading={remove.isPending}
              title={t('show.confirmTitle')}
              question={t('show.confirmText', { name: data.company_name })}
              confirmLabel={t('show.delete')}
              cancelLabel={t('form.cancel')}
            />
          </Stack>
        </Container>
      )}
    </QueryState>
  );
}
