import { COUNTRY_CODES } from '@cuspid/contracts/companies';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DebouncedSearchInput } from '../../components/debounced-search-input';
import { useCompanyPage, usePartnerOptions } from '../../features/companies/api/companies';
import { companyKeys } from '../../features/companies/api/get-my-company';
import { CompanyImportButton } from '../../features/companies/components/company-import-button';
import { BulkLabelsModal } from '../../features/flags/components/bulk-labels-modal';
import { RecordLabels } from '../../features/flags/components/flag-badge';
import { FlagFilterSelect } from '../../features/flags/components/flag-pickers';
import { errorMessage } from '../../lib/notify';
import { PAGE_SIZES, useListParams } from '../../lib/use-list-params';

/** Companies the user may see (route /customers, backoffice-company): paged, searched and filtered on the server. */
export function CustomersPage() {
  const { t, i18n } = useTranslation(['companies', 'flags', 'common']);
  const { params, setPage, setSize, setSearch } = useListParams();
  const { search: query } = useLocation();
  const navigate = useNavigate();
  const urlParams = useMemo(() => new URLSearchParams(query), [query]);
  const country = urlParams.get('country') ?? '';
  const partner = urlParams.get('partner') ?? '';
  const flag = urlParams.get('flag') ?? '';
  const tag = urlParams.get('tag') ?? '';
  const setFilter = (key: 'country' | 'partner' | 'flag' | 'tag', value: string) => {
    const next = new URLSearchParams(urlParams);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' });
  };
  const companies = useCompanyPage({ ...params, country, partner, flag, tag });
  const queryClient = useQueryClient();
  // Rows chosen for a bulk change of flag and tags; the selection belongs to the page shown.
  const [selected, setSelected] = useState<string[]>([]);
  const [labelling, setLabelling] = useState(false);
  const shownIds = useMemo(() => (companies.data?.data ?? []).map((c) => c.id), [companies.data]);
  useEffect(() => {
    setSelected((current) => {
      const kept = current.filter((id) => shownIds.includes(id));
      return kept.length === current.length ? current : kept;
    });
  }, [shownIds]);
  const allSelected = shownIds.length > 0 && shownIds.every((id) => selected.includes(id));
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const partners = usePartnerOptions();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const total = companies.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / params.size));

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="customers-page">
        <Group justify="space-between">
          <Title order={1}>{t('list.title')}</Title>
          <Group gap="sm">
            <CompanyImportButton />
            <Button component={Link} to="/customers/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          </Group>
        </Group>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group align="flex-end" gap="sm">
              <DebouncedSearchInput
                label={t('list.search')}
                placeholder={t('list.searchPlaceholder')}
                clearLabel={t('list.clearSearch')}
                value={params.search}
                onSearch={(search) => {
                  if (search !== params.search) setSearch(search);
                }}
                w={{ base: '100%', sm: 280 }}
              />
              <NativeSelect
                label={t('fields.country')}
                value={country}
                onChange={(event) => setFilter('country', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allCountries') },
                  ...COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })),
                ]}
                data-testid="customers-country-filter"
              />
              <NativeSelect
                label={t('list.partner')}
                value={partner}
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
                value={flag}
                onChange={(value) => setFilter('flag', value)}
                data-testid="customers-flag-filter"
              />
              <FlagFilterSelect
                kind="tag"
                type="company"
                label={t('flags:kind.tag')}
                allLabel={t('list.allTags')}
                value={tag}
                onChange={(value) => setFilter('tag', value)}
                data-testid="customers-tag-filter"
              />
              <NativeSelect
                label={t('list.pageSize')}
                data={PAGE_SIZES.map(String)}
                value={String(params.size)}
                onChange={(event) => setSize(Number(event.currentTarget.value))}
                w={110}
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
                  <Button size="xs" leftSection={<IconTags size={14} aria-hidden />} onClick={() => setLabelling(true)}>
                    {t('flags:bulk.open')}
                  </Button>
                </Group>
              </Group>
            )}
            {companies.isError ? (
              <Alert color="red" title={t('loadFailed')}>
                <Text size="sm" mb="sm">
                  {errorMessage(companies.error)}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void companies.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              </Alert>
            ) : companies.data && companies.data.data.length === 0 ? (
              <Stack align="center" gap={6} py="xl" ta="center" data-testid="customers-empty">
                <Text fw={600}>{t('list.emptyTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {t('list.emptyHint')}
                </Text>
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={700}>
                <Table striped highlightOnHover data-testid="customers-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <Checkbox
                          aria-label={t('list.selectPage')}
                          checked={allSelected}
                          indeterminate={selected.length > 0 && !allSelected}
                          onChange={() => setSelected(allSelected ? [] : shownIds)}
                        />
                      </Table.Th>
                      <Table.Th>{t('fields.companyName')}</Table.Th>
                      <Table.Th>{t('fields.companyNumber')}</Table.Th>
                      <Table.Th>{t('fields.country')}</Table.Th>
                      <Table.Th>{t('fields.city')}</Table.Th>
                      <Table.Th>{t('fields.reseller')}</Table.Th>
                      <Table.Th>{t('list.labels')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {companies.data
                      ? companies.data.data.map((company) => (
                          <Table.Tr key={company.id} data-testid="customer-row">
                            <Table.Td>
                              <Checkbox
                                aria-label={t('list.selectRow', { name: company.company_name })}
                                checked={selected.includes(company.id)}
                                onChange={() => toggle(company.id)}
                              />
                            </Table.Td>
                            <Table.Td>
                              <Anchor component={Link} to={`/customers/${company.id}/show`}>
                                {company.company_name}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>{company.company_number}</Table.Td>
                            <Table.Td>
                              {company.country ? (names.of(company.country) ?? company.country) : '–'}
                            </Table.Td>
                            <Table.Td>{company.city ?? '–'}</Table.Td>
                            <Table.Td>{company.reseller?.company_name ?? '–'}</Table.Td>
                            <Table.Td>
                              <RecordLabels flag={company.flag} tags={company.tags} />
                            </Table.Td>
                          </Table.Tr>
                        ))
                      : Array.from({ length: 5 }, (_, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
                          <Table.Tr key={i}>
                            <Table.Td colSpan={7}>
                              <Skeleton h={18} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {total > 0 && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('list.total', { total })}
                </Text>
                <Pagination total={totalPages} value={Math.min(params.page, totalPages)} onChange={setPage} />
              </Group>
            )}
          </Stack>
        </Card>
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
