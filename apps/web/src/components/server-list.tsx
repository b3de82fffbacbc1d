import { countCapOf, isCountCapped } from '@cuspid/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
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
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/notify';
import { useIsPhone } from '../lib/use-is-phone';
import { PAGE_SIZES, useListParams } from '../lib/use-list-params';
import { useSortParams } from '../lib/use-sort-params';
import { type ColumnKind, columnCellProps } from './column-kind';
import { DebouncedSearchInput } from './debounced-search-input';

export type ListColumn<T> = {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The server's sort field, when the column can be sorted. */
  sortKey?: string;
  /** What the column holds (text unless given): only text wraps; dates, figures, badges and codes keep to one line. */
  kind?: ColumnKind;
};

/** A page of a server-side list: the authentication and mail services count, the main backend totals. */
export type ListPage<T> = { data: T[] } & ({ count: number } | { total: number });

export function totalOf(page: ListPage<unknown>): number {
  return 'count' in page ? page.count : page.total;
}

type ServerListProps<T extends { id: string }> = {
  testId: string;
  /** data-testid of each row; `${testId}-row` unless given. */
  rowTestId?: string;
  columns: ListColumn<T>[];
  query: UseQueryResult<ListPage<T>>;
  /** The search box's placeholder; without it the list has no search box. */
  searchPlaceholder?: string;
  /** Buttons at the end of each row. */
  actions?: (row: T) => ReactNode;
  /** Beside the search box (e.g. a create button). */
  toolbar?: ReactNode;
  /** Filter inputs between the search bar and the table. */
  filters?: ReactNode;
  /** What an empty list shows, instead of the generic sentences. */
  empty?: { icon?: ReactNode; title: string; hint?: ReactNode; searchTitle?: string; searchHint?: ReactNode };
  /** The title of the error shown when the list cannot be loaded. */
  loadFailed?: string;
  /** The search box's label, when "Search" is not enough. */
  searchLabel?: string;
  minWidth?: number;
  /** Filters narrow the list: an empty answer then says that nothing matches. */
  filtered?: boolean;
  /**
   * What a row shows on a phone, in one cell instead of the columns (its key facts as a card), so that nothing
   * needs sideways scrolling; `label` heads that cell. Without it a phone scrolls the table sideways.
   */
  phoneRow?: { label: string; render: (row: T) => ReactNode };
  /** Rows can be chosen for a bulk action; the choice belongs to the page shown. */
  selection?: {
    selected: readonly string[];
    onChange: (ids: string[]) => void;
    /** The accessible label of a row's box ("Select Praxis Weiss"). */
    rowLabel: (row: T) => string;
    pageLabel: string;
  };
};

/**
 * A list paged, sorted and searched on the server, its state in the URL (page, size, q, sort, dir):
 * one table, pager, search and loading/empty/error states for every list screen.
 */
export function ServerList<T extends { id: string }>({
  testId,
  rowTestId = `${testId}-row`,
  columns,
  query,
  searchPlaceholder,
  actions,
  toolbar,
  filters,
  empty,
  minWidth = 720,
  filtered = false,
  loadFailed,
  searchLabel,
  selection,
  phoneRow,
}: ServerListProps<T>) {
  const { t } = useTranslation('common');
  const isPhone = useIsPhone();
  const compact = isPhone && phoneRow !== undefined;
  const shownColumns: ListColumn<T>[] = compact
    ? [{ key: 'phone-row', label: phoneRow.label, render: phoneRow.render }]
    : columns;
  const { params, update, setPage, setSize, setSearch } = useListParams();
  const { sort, toggle } = useSortParams();
  const { data, isPlaceholderData } = query;
  const total = data ? totalOf(data) : 0;
  const totalPages = Math.max(1, Math.ceil(total / params.size));
  const narrowed = filtered || params.search !== '';
  const shownIds = useMemo(() => (data?.data ?? []).map((row) => row.id), [data]);
  const selected = selection?.selected;
  const onSelectionChange = selection?.onChange;
  // Rows that left the page (another page, a search, a deletion) leave the selection too.
  useEffect(() => {
    if (!selected || !onSelectionChange) return;
    const kept = selected.filter((id) => shownIds.includes(id));
    if (kept.length !== selected.length) onSelectionChange(kept);
  }, [shownIds, selected, onSelectionChange]);
  const allSelected = shownIds.length > 0 && shownIds.every((id) => selected?.includes(id));

  useEffect(() => {
    if (data && !isPlaceholderData && params.page > totalPages) update({ page: totalPages }, { replace: true });
  }, [data, isPlaceholderData, params.page, totalPages, update]);

  const from = (params.page - 1) * params.size + 1;
  const to = from + (data?.data.length ?? 0) - 1;
  const allColumns = shownColumns.length + (actions ? 1 : 0) + (selection ? 1 : 0);

  return (
    <Card withBorder radius="lg" padding={isPhone ? 'sm' : 'lg'}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          {searchPlaceholder === undefined ? (
            <span />
          ) : (
            <DebouncedSearchInput
              label={searchLabel ?? t('list.search')}
              placeholder={searchPlaceholder}
              clearLabel={t('list.clearSearch')}
              value={params.search}
              onSearch={(search) => {
                if (search !== params.search) setSearch(search);
              }}
              w={{ base: '100%', sm: 320 }}
              data-testid={`${testId}-search`}
            />
          )}
          <Group align="flex-end" gap="sm">
            <NativeSelect
              data-testid={`${testId}-page-size`}
              label={t('list.pageSize')}
              data={PAGE_SIZES.map(String)}
              value={String(params.size)}
              onChange={(event) => setSize(Number(event.currentTarget.value))}
              w={120}
            />
            {toolbar}
          </Group>
        </Group>

        {filters}

        {query.isError ? (
          <Alert color="red" title={loadFailed ?? t('list.loadFailed')} data-testid={`${testId}-error`}>
            <Text size="sm" mb="sm">
              {errorMessage(query.error)}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={query.isFetching}
              onClick={() => void query.refetch()}
              data-testid={`${testId}-retry`}
            >
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : data && data.data.length === 0 ? (
          <Stack align="center" gap={6} py="xl" ta="center" data-testid={`${testId}-empty`}>
            {empty?.icon}
            <Text fw={600}>
              {narrowed ? (empty?.searchTitle ?? t('list.noMatch')) : (empty?.title ?? t('list.none'))}
            </Text>
            {(narrowed ? (empty?.searchHint ?? t('list.noMatchHint')) : empty?.hint) && (
              <Text size="sm" c="dimmed">
                {narrowed ? (empty?.searchHint ?? t('list.noMatchHint')) : empty?.hint}
              </Text>
            )}
            {params.search !== '' && (
              <Button variant="light" size="xs" mt="xs" onClick={() => setSearch('')}>
                {t('list.clearSearch')}
              </Button>
            )}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={compact ? 0 : minWidth}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="xs"
              data-testid={`${testId}-table`}
              data-list-table
              aria-busy={data === undefined || isPlaceholderData}
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  {selection && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={selection.pageLabel}
                        checked={allSelected}
                        indeterminate={selection.selected.length > 0 && !allSelected}
                        onChange={() => selection.onChange(allSelected ? [] : shownIds)}
                      />
                    </Table.Th>
                  )}
                  {shownColumns.map((column) => (
                    <Table.Th
                      key={column.key}
                      scope="col"
                      {...columnCellProps(column.kind)}
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
              <Table.Tbody data-testid={data === undefined ? `${testId}-loading` : undefined}>
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
                      <Table.Tr key={row.id} data-testid={rowTestId}>
                        {selection && (
                          <Table.Td>
                            <Checkbox
                              aria-label={selection.rowLabel(row)}
                              checked={selection.selected.includes(row.id)}
                              onChange={() =>
                                selection.onChange(
                                  selection.selected.includes(row.id)
                                    ? selection.selected.filter((id) => id !== row.id)
                                    : [...selection.selected, row.id],
                                )
                              }
                            />
                          </Table.Td>
                        )}
                        {shownColumns.map((column) => (
                          <Table.Td key={column.key} {...columnCellProps(column.kind)}>
                            {column.render(row)}
                          </Table.Td>
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

        {data && total > 0 && !query.isError && (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid={`${testId}-range`}>
              {isCountCapped(total, params.search, from - 1)
                ? // The server counts up to a cap and answers one more beyond it (ADR 0085).
                  t('list.rangeMore', { from, to, total: countCapOf(params.search, from - 1) })
                : t('list.range', { from, to, total })}
            </Text>
            <Box component="nav" aria-label={t('list.pagination')}>
              <Pagination
                total={totalPages}
                value={Math.min(params.page, totalPages)}
                onChange={setPage}
                siblings={1}
                getItemProps={(page) => ({
                  'aria-label': t('list.goToPage', { page }),
                  'aria-current': page === params.page ? 'page' : undefined,
                })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('list.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('list.nextPage') }
                      : {}
                }
                data-testid={`${testId}-pagination`}
              />
            </Box>
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
