import type { Flag, FlagKind } from '@cuspid/contracts/flags';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  ColorSwatch,
  Container,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconListDetails, IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DebouncedSearchInput } from '../../components/debounced-search-input';
import { useDeleteFlag, useFlagPage } from '../../features/flags/api/flags';
import { FlagBadge } from '../../features/flags/components/flag-badge';
import { FlagFormModal } from '../../features/flags/components/flag-form-modal';
import { FlagsBulkCreateModal } from '../../features/flags/components/flags-bulk-create-modal';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { PAGE_SIZES, useListParams } from '../../lib/use-list-params';

const KINDS = ['', 'flag', 'tag'] as const;

/** Flag and tag definitions (route /flags, backoffice-flag): list, create (one or several), edit, delete. */
export function FlagsPage() {
  const { t } = useTranslation(['flags', 'common']);
  const { params, update, setPage, setSize, setSearch } = useListParams();
  const { search: query } = useLocation();
  const navigate = useNavigate();
  const urlParams = useMemo(() => new URLSearchParams(query), [query]);
  const requestedKind = urlParams.get('kind') ?? '';
  const kind = (KINDS as readonly string[]).includes(requestedKind) ? (requestedKind as FlagKind | '') : '';
  const setKind = (value: string) => {
    const next = new URLSearchParams(urlParams);
    if (value) next.set('kind', value);
    else next.delete('kind');
    next.delete('page');
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' });
  };

  const flags = useFlagPage({ ...params, kind });
  const remove = useDeleteFlag();
  const [editing, setEditing] = useState<Flag | null>(null);
  const [creating, setCreating] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [deleting, setDeleting] = useState<Flag | null>(null);
  const { data, isPlaceholderData } = flags;
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / params.size));

  // A page past the end (after a deletion, or an old link): show the last page instead.
  useEffect(() => {
    if (data && !isPlaceholderData && params.page > totalPages) update({ page: totalPages }, { replace: true });
  }, [data, isPlaceholderData, params.page, totalPages, update]);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync(deleting.id);
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="flags-page">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('intro')}</Text>
          </div>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconListDetails size={16} aria-hidden />}
              onClick={() => setBulk(true)}
            >
              {t('bulkCreate.open')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('create')}
            </Button>
          </Group>
        </Group>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group align="flex-end" gap="sm">
              <DebouncedSearchInput
                label={t('search')}
                placeholder={t('searchPlaceholder')}
                clearLabel={t('clearSearch')}
                value={params.search}
                onSearch={(search) => {
                  if (search !== params.search) setSearch(search);
                }}
                w={{ base: '100%', sm: 280 }}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="flags-kind-filter-label">
                  {t('fields.kind')}
                </Text>
                <SegmentedControl
                  aria-labelledby="flags-kind-filter-label"
                  value={kind}
                  onChange={setKind}
                  data={[
                    { value: '', label: t('kind.all') },
                    { value: 'flag', label: t('kind.flags') },
                    { value: 'tag', label: t('kind.tags') },
                  ]}
                  data-testid="flags-kind-filter"
                />
              </Stack>
              <NativeSelect
                label={t('pageSize')}
                data={PAGE_SIZES.map(String)}
                value={String(params.size)}
                onChange={(event) => setSize(Number(event.currentTarget.value))}
                w={110}
              />
            </Group>
            {flags.isError ? (
              <Alert color="red" title={t('loadFailed')}>
                <Text size="sm" mb="sm">
                  {errorMessage(flags.error)}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void flags.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              </Alert>
            ) : data && data.data.length === 0 ? (
              <Stack align="center" gap={6} py="xl" ta="center" data-testid="flags-empty">
                <IconTag size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text fw={600}>{params.search || kind ? t('empty.searchTitle') : t('empty.noneTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {params.search || kind ? t('empty.searchHint') : t('empty.noneHint')}
                </Text>
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={700}>
                <Table striped highlightOnHover data-testid="flags-table" opacity={isPlaceholderData ? 0.6 : 1}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('fields.name')}</Table.Th>
                      <Table.Th>{t('fields.kind')}</Table.Th>
                      <Table.Th>{t('fields.appliesTo')}</Table.Th>
                      <Table.Th>{t('fields.description')}</Table.Th>
                      <Table.Th ta="right">{t('fields.usage')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions.label')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data
                      ? data.data.map((flag) => (
                          <Table.Tr key={flag.id} data-testid="flag-row">
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                <ColorSwatch color={flag.colour} size={16} aria-hidden />
                                <FlagBadge label={flag} kind={flag.kind} />
                              </Group>
                            </Table.Td>
                            <Table.Td>{t(`kind.${flag.kind}`)}</Table.Td>
                            <Table.Td>{flag.applies_to.map((type) => t(`recordTypes.${type}`)).join(', ')}</Table.Td>
                            <Table.Td>
                              <Text size="sm" lineClamp={2}>
                                {flag.description ?? '–'}
                              </Text>
                            </Table.Td>
                            <Table.Td ta="right">{flag.usage_count}</Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={t('actions.edit', { name: flag.name })}
                                  onClick={() => setEditing(flag)}
                                >
                                  <IconPencil size={16} aria-hidden />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={t('actions.delete', { name: flag.name })}
                                  onClick={() => setDeleting(flag)}
                                >
                                  <IconTrash size={16} aria-hidden />
                                </ActionIcon>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))
                      : Array.from({ length: 5 }, (_, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
                          <Table.Tr key={i}>
                            <Table.Td colSpan={6}>
                              <Skeleton h={18} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {total > 0 && !flags.isError && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('total', { count: total })}
                </Text>
                <Pagination total={totalPages} value={Math.min(params.page, totalPages)} onChange={setPage} />
              </Group>
            )}
          </Stack>
        </Card>
        <FlagFormModal
          opened={creating || editing !== null}
          flag={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
        <FlagsBulkCreateModal opened={bulk} onClose={() => setBulk(false)} />
        <ConfirmDeleteModal
          opened={deleting !== null}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void handleDelete()}
          loading={remove.isPending}
          subject={deleting?.name}
          details={
            deleting && deleting.usage_count > 0 ? (
              <Text size="sm" data-testid="flag-delete-usage">
                {t('deleteUsage', { count: deleting.usage_count })}
              </Text>
            ) : undefined
          }
        />
      </Stack>
    </Container>
  );
}
