import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DebouncedSearchInput } from '../../components/debounced-search-input';
import { usePermissionPage } from '../../features/permissions/api/get-permissions';
import { PermissionsTable } from '../../features/permissions/components/permissions-table';
import { Can, useCan } from '../../lib/can';
import { errorMessage } from '../../lib/notify';
import { PAGE_SIZES, useListParams } from '../../lib/use-list-params';

const MAX_SKELETON_ROWS = 10;

/** Read-only list of every permission (route permission `list-permissions`); paged and searched on the server. */
export function PermissionsPage() {
  const { t } = useTranslation(['permissions', 'identity', 'common']);
  const { params, update, setPage, setSize, setSearch } = useListParams();
  const permissions = usePermissionPage(params);
  const { can } = useCan();
  const { data, isPlaceholderData } = permissions;
  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / params.size));

  // A page past the end (an old link, or fewer results than before): show the last page instead.
  useEffect(() => {
    if (data && !isPlaceholderData && params.page > totalPages) update({ page: totalPages }, { replace: true });
  }, [data, isPlaceholderData, params.page, totalPages, update]);

  const from = (params.page - 1) * params.size + 1;
  const to = from + (data?.data.length ?? 0) - 1;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="permissions-page">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('intro')}</Text>
          </div>
          <Can permission="create-permission">
            <Button component={Link} to="/permissions/create" leftSection={<IconPlus size={16} />}>
              {t('identity:permissionsAdmin.create')}
            </Button>
          </Can>
        </Group>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <DebouncedSearchInput
                label={t('searchLabel')}
                placeholder={t('searchPlaceholder')}
                clearLabel={t('clearSearch')}
                value={params.search}
                onSearch={(search) => {
                  if (search !== params.search) setSearch(search);
                }}
                w={{ base: '100%', sm: 360 }}
                data-testid="permissions-search"
              />
              <NativeSelect
                label={t('pageSize')}
                data={PAGE_SIZES.map(String)}
                value={String(params.size)}
                onChange={(event) => setSize(Number(event.currentTarget.value))}
                w={140}
                data-testid="permissions-page-size"
              />
            </Group>

            {permissions.isError ? (
              <Alert color="red" title={t('loadFailed')} data-testid="permissions-error">
                <Text size="sm" mb="sm">
                  {errorMessage(permissions.error)}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={permissions.isFetching}
                  onClick={() => void permissions.refetch()}
                  data-testid="permissions-retry"
                >
                  {t('common:actions.retry')}
                </Button>
              </Alert>
            ) : data && data.data.length === 0 ? (
              <Stack align="center" gap={6} py="xl" ta="center" data-testid="permissions-empty">
                <IconKeyOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text fw={600}>{params.search ? t('empty.searchTitle') : t('empty.noneTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {params.search ? t('empty.searchHint') : t('empty.noneHint')}
                </Text>
                {params.search && (
                  <Button variant="light" size="xs" mt="xs" onClick={() => setSearch('')}>
                    {t('clearSearch')}
                  </Button>
                )}
              </Stack>
            ) : (
              <PermissionsTable
                permissions={data?.data}
                skeletonRows={Math.min(params.size, MAX_SKELETON_ROWS)}
                stale={isPlaceholderData}
                editable={can('update-permission')}
              />
            )}

            {data && data.count > 0 && !permissions.isError && (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" data-testid="permissions-range">
                  {t('range', { from, to, total: data.count })}
                </Text>
                <Box component="nav" aria-label={t('pagination')}>
                  <Pagination
                    total={totalPages}
                    value={Math.min(params.page, totalPages)}
                    onChange={setPage}
                    siblings={1}
                    getItemProps={(page) => ({
                      'aria-label': t('goToPage', { page }),
                      'aria-current': page === params.page ? 'page' : undefined,
                    })}
                    getControlProps={(control) =>
                      control === 'previous'
                        ? { 'aria-label': t('previousPage') }
                        : control === 'next'
                          ? { 'aria-label': t('nextPage') }
                          : {}
                    }
                    data-testid="permissions-pagination"
                  />
                </Box>
              </Group>
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
