import { COUNTRY_CODES, type Company } from '@cuspid/contracts/companies';
import { Anchor, Button, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { BulkLabelsModal, FlagFilterSelect, RecordLabels } from '../../flags';
import { companyKeys, useCompanyPage, usePartnerOptions } from '../api/companies';
import { CompanyImportButton } from '../components/company-import-button';
import { companyPaths } from '../paths';

/** Companies the user may see (route /customers, backoffice-company): paged, searched and filtered on the server. */
export function CustomersPage() {
  const { t, i18n } = useTranslation(['companies', 'flags', 'common']);
  const { params } = useListParams();
  const filters = useUrlFilters(['country', 'partner', 'flag', 'tag'] as const);
  const { values, setFilter } = filters;
  const companies = useCompanyPage({ ...params, ...values });
  const queryClient = useQueryClient();
  // Rows chosen for a bulk change of flag and tags.
  const [selected, setSelected] = useState<string[]>([]);
  const [labelling, setLabelling] = useState(false);
  const partners = usePartnerOptions();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);

  const columns: ListColumn<Company>[] = [
    {
      key: 'company_name',
      label: t('fields.companyName'),
      render: (company) => (
        <Anchor component={Link} to={companyPaths.customerShow(company.id)}>
          {company.company_name}
        </Anchor>
      ),
    },
    {
      key: 'company_number',
      kind: 'code',
      label: t('fields.companyNumber'),
      render: (company) => company.company_number,
    },
    {
      key: 'country',
      label: t('fields.country'),
      render: (company) => (company.country ? (names.of(company.country) ?? company.country) : '–'),
    },
    { key: 'city', label: t('fields.city'), render: (company) => company.city ?? '–' },
    { key: 'reseller', label: t('fields.reseller'), render: (company) => company.reseller?.company_name ?? '–' },
    {
      key: 'labels',
      label: t('list.labels'),
      render: (company) => <RecordLabels flag={company.flag} tags={company.tags} />,
    },
  ];

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="customers-page">
        <PageHeader
          title={t('list.title')}
          actions={
            <>
              <CompanyImportButton />
              <Button
                component={Link}
                to={companyPaths.customerCreate}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('list.create')}
              </Button>
            </>
          }
        />
        <ServerList
          testId="customers"
          rowTestId="customer-row"
          columns={columns}
          query={companies}
          searchPlaceholder={t('list.searchPlaceholder')}
          filtered={filters.active}
          empty={{ title: t('list.emptyTitle'), hint: t('list.emptyHint') }}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (company) => t('list.selectRow', { name: company.company_name }),
            pageLabel: t('list.selectPage'),
          }}
          filters={
            <Stack gap="md">
              <Group align="flex-end" gap="sm">
                <NativeSelect
                  label={t('fields.country')}
                  value={values.country}
                  onChange={(event) => setFilter('country', event.currentTarget.value)}
                  data={[
                    { value: '', label: t('list.allCountries') },
                    ...COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })),
                  ]}
                  data-testid="customers-country-filter"
                />
                <NativeSelect
                  label={t('list.partner')}
                  value={values.partner}
                  onChange={(event) => setFilter('partner', event.currentTarget.value)}
                  data={[
                    { value: '', label: t('list.allPartners') },
                    ...(partners.data?.data ?? []).map((p) => ({ value: p.id, label: p.company_name })),
                  ]}
                  data-testid="customers-partner-filter"
                />
                <FlagFilterSelect
                  kind="flag"
                  type="company"
                  label={t('flags:kind.flag')}
                  allLabel={t('list.allFlags')}
                  value={values.flag}
                  onChange={(value) => setFilter('flag', value)}
                  data-testid="customers-flag-filter"
                />
                <FlagFilterSelect
                  kind="tag"
                  type="company"
                  label={t('flags:kind.tag')}
                  allLabel={t('list.allTags')}
                  value={values.tag}
                  onChange={(value) => setFilter('tag', value)}
                  data-testid="customers-tag-filter"
                />
              </Group>
              {selected.length > 0 && (
                <Group
                  justify="space-between"
                  p="xs"
                  bg="var(--mantine-color-default-hover)"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  data-testid="customers-bulk-bar"
                >
                  <Text size="sm" fw={500}>
                    {t('flags:bulk.selected', { count: selected.length })}
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                      {t('flags:bulk.clear')}
                    </Button>
                    <Button
                      size="xs"
                      leftSection={<IconTags size={14} aria-hidden />}
                      onClick={() => setLabelling(true)}
                    >
                      {t('flags:bulk.open')}
                    </Button>
                  </Group>
                </Group>
              )}
            </Stack>
          }
        />
        <BulkLabelsModal
          type="company"
          ids={selected}
          opened={labelling}
          onClose={() => setLabelling(false)}
          onSaved={() => {
            setLabelling(false);
            setSelected([]);
            void queryClient.invalidateQueries({ queryKey: companyKeys.all });
          }}
        />
      </Stack>
    </Container>
  );
}
