import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/notify';
import { PAGE_SIZES, useListParams } from '../lib/use-list-params';
import { useSortParams } from '../lib/use-sort-params';
import { DebouncedSearchInput } from './debounced-search-input';

export type ListColumn<T> = {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The server's sort field, when the column can be sorted. */
  sortKey?: string;
};

type ServerListProps<T extends { id: string }> = {
  testId: string;
  columns: ListColumn<T>[];
  query: UseQueryResult<{ data: T[]; count: number }>;
  searchPlaceholder: string;
  /** Buttons at the end of each row. */
  actions?: (row: T) => ReactNode;
  /** Beside the search box (e.g. a create button). */
  toolbar?: ReactNode;
};

/**
 * A list paged, sorted and searched on the server, its state in the URL (page, size, q, sort, dir):
 * the pattern of the permission list, shared by users, roles, permissions and API keys.
 */
export function ServerList<T extends { id: string }>({
  testId,
  columns,
  query,
  searchPlaceholder,
  actions,
  toolbar,
}: ServerListProps<T>) {
  const { t } = useTranslation(['identity', 'permissions', 'common']);
  const { params, update, setPage, setSize, setSearch } = useListParams();
  const { sort, toggle } = useSortParams();
  const { data, isPlaceholderData } = query;
  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / params.size));

  useEffect(() => {
    if (data && !isPlaceholderData && params.page > totalPages) update({ page: totalPages }, { replace: true });
  }, [data, isPlaceholderData, params.page, totalPages, update]);

  const from = (params.page - 1) * params.size + 1;
  const to = from + (data?.data.length ?? 0) - 1;
  const allColumns = columns.length + (actions ? 1 : 0);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <DebouncedSearchInput
            label={t('list.search')}
            placeholder={searchPlaceholder}
            clearLabel={t('permissions:clearSearch')}
            value={params.search}
            onSearch={(search) => {
              if (search !== params.search) setSearch(search);
            }}
            w={{ base: '100%', sm: 320 }}
            data-testid={`${testId}-search`}
          />
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={t('permissions:pageSize')}
              data={PAGE_SIZES.map(String)}
              value={String(params.size)}
              onChange={(event) => setSize(Number(event.currentTarget.value))}
              w={120}
            />
            {toolbar}
          </Group>
        </Group>

        {query.isError ? (
          <Alert color="red" title={t('list.loadFailed')} data-testid={`${testId}-error`}>
            <Text size="sm" mb="sm">
              {errorMessage(query.error)}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : data && data.data.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl" data-testid={`${testId}-empty`}>
            {params.search ? t('list.noMatch') : t('list.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="xs"
              data-testid={`${testId}-table`}
              aria-busy={data === undefined || isPlaceholderData}
              style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th
                      key={column.key}
                      scope="col"
                      aria-sort={
                        column.sortKey && sort.sortBy === column.sortKey
                          ? sort.sortDir === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      {column.sortKey ? (
                        <UnstyledButton onClick={() => toggle(column.sortKey!)} fw={600} fz="sm">
                          <Group gap={4} wrap="nowrap">
                            {column.label}
                            {sort.sortBy === column.sortKey ? (
                              sort.sortDir === 'asc' ? (
                                <IconArrowUp size={14} aria-hidden />
                              ) : (
                                <IconArrowDown size={14} aria-hidden />
                              )
                            ) : (
                              <IconSelector size={14} aria-hidden />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  ))}
                  {actions && (
                    <Table.Th scope="col">
                      <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data === undefined
                  ? Array.from({ length: Math.min(params.size, 8) }, (_, row) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                      <Table.Tr key={row}>
                        <Table.Td colSpan={allColumns}>
                          <Skeleton h={14} my={4} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : data.data.map((row) => (
                      <Table.Tr key={row.id} data-testid={`${testId}-row`}>
                        {columns.map((column) => (
                          <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                        ))}
                        {actions && (
                          <Table.Td>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              {actions(row)}
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        {data && data.count > 0 && !query.isError && (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('permissions:range', { from, to, total: data.count })}
            </Text>
            <Pagination total={totalPages} value={Math.min(params.page, totalPages)} onChange={setPage} siblings={1} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Turns the URL's list state into the authentication service's list query. */
export function toAuthListQuery(
  params: { page: number; size: number; search: string },
  sort: { sortBy: string | undefined; sortDir: 'asc' | 'desc' },
) {
  const search = params.search.trim();
  return {
    limit_start: (params.page - 1) * params.size,
    limit_count: params.size,
    search: search === '' ? undefined : search,
    sort_by: sort.sortBy,
    sort_dir: sort.sortDir,
  };
}
