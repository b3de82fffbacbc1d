import type { BulkItemResult } from '@cuspid/contracts';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketBulkEdit,
  type TicketListItem,
  type TicketPriority,
  type TicketStatus,
} from '@cuspid/contracts/tickets';
import { Anchor, Button, Container, Group, MultiSelect, NativeSelect, Stack } from '@mantine/core';
import { IconPlus, IconTicketOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BulkBar } from '../../../components/bulk-bar';
import { BulkResultDialog } from '../../../components/bulk-result-dialog';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useIsStaff, useSeesOtherCompanies } from '../../../lib/use-is-staff';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { CompanyFilter } from '../../cases';
import { useBulkEditTickets, useTicketAssignees, useTicketPage } from '../api/tickets';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-display';
import { ticketPaths } from '../paths';

const isStatus = (value: string): value is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(value);
const isPriority = (value: string): value is TicketPriority => (TICKET_PRIORITIES as readonly string[]).includes(value);

/** The statuses a bulk edit may set: the support team any but new, a customer resolve or reopen. */
const bulkStatuses = (isStaff: boolean): TicketStatus[] =>
  isStaff ? TICKET_STATUSES.filter((s) => s !== 'new') : ['resolved', 'open'];

/**
 * Support tickets (route /tickets, backoffice-ticket): paged, searched (number, subject, company), filtered (status,
 * priority; assignee for the support team; company for whoever sees other companies) and sorted on the server; chosen rows get a bulk edit of
 * status, priority and assignee, answered per ticket.
 */
export function TicketsPage() {
  const { t } = useTranslation(['tickets', 'common']);
  const format = useFormat();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const urlFilters = useUrlFilters(['status', 'priority', 'assignee', 'company'] as const);
  const { values, setFilter } = urlFilters;
  const isStaff = useIsStaff() === true;
  // A partner's customers are other companies too: they filter by company, not by assignee (staff only).
  const seesOtherCompanies = useSeesOtherCompanies() === true;
  const statuses = values.status.split(',').filter(isStatus);
  const tickets = useTicketPage({
    ...params,
    statuses,
    priority: isPriority(values.priority) ? values.priority : '',
    assignee: isStaff ? values.assignee : '',
    company: seesOtherCompanies ? values.company : '',
    sortBy: sort.sortBy,
    sortDir: sort.sortDir,
  });
  const assignees = useTicketAssignees(isStaff);
  const bulk = useBulkEditTickets();
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkChange, setBulkChange] = useState({ status: '', priority: '', assignee: '' });
  const [results, setResults] = useState<BulkItemResult[] | null>(null);
  const numbers = useMemo(
    () => new Map((tickets.data?.data ?? []).map((ticket) => [ticket.id, ticket.number])),
    [tickets.data],
  );
  const assigneeOptions = (assignees.data?.data ?? []).map((user) => ({ value: user.id, label: user.name }));

  const handleBulk = async () => {
    const body: TicketBulkEdit = {
      ids: selected,
      ...(isStatus(bulkChange.status) ? { status: bulkChange.status } : {}),
      ...(isPriority(bulkChange.priority) ? { priority: bulkChange.priority } : {}),
      ...(bulkChange.assignee ? { assignee_id: bulkChange.assignee === 'none' ? null : bulkChange.assignee } : {}),
    };
    try {
      const answer = await bulk.mutateAsync(body);
      setResults(answer.results);
      setSelected([]);
      setBulkChange({ status: '', priority: '', assignee: '' });
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: ListColumn<TicketListItem>[] = [
    {
      key: 'number',
      kind: 'code',
      label: t('fields.number'),
      sortKey: 'number',
      render: (ticket) => (
        <Anchor component={Link} to={ticketPaths.ticketEdit(ticket.id)} ff="monospace">
          {ticket.number}
        </Anchor>
      ),
    },
    { key: 'subject', label: t('fields.subject'), sortKey: 'subject', render: (ticket) => ticket.subject },
    {
      key: 'status',
      kind: 'badge',
      label: t('fields.status'),
      sortKey: 'status',
      render: (ticket) => <TicketStatusBadge status={ticket.status} />,
    },
    {
      key: 'priority',
      kind: 'badge',
      label: t('fields.priority'),
      sortKey: 'priority',
      render: (ticket) => <TicketPriorityBadge priority={ticket.priority} />,
    },
    { key: 'company', label: t('fields.company'), render: (ticket) => ticket.company_name },
    { key: 'reporter', label: t('fields.reporter'), render: (ticket) => ticket.reporter_name ?? '–' },
    { key: 'assignee', label: t('fields.assignee'), render: (ticket) => ticket.assignee_name ?? t('unassigned') },
    {
      key: 'updated_at',
      kind: 'date',
      label: t('fields.updatedAt'),
      sortKey: 'updated_at',
      render: (ticket) => format.relativeTime(ticket.updated_at),
    },
  ];

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="tickets-page">
        <PageHeader
          title={t('list.title')}
          description={t(isStaff ? 'list.introStaff' : 'list.intro')}
          actions={
            <Button
              component={Link}
              to={ticketPaths.ticketCreate}
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="ticket-create"
            >
              {t('list.create')}
            </Button>
          }
        />
        <ServerList
          testId="tickets"
          rowTestId="ticket-row"
          columns={columns}
          query={tickets}
          minWidth={1000}
          searchPlaceholder={t('list.searchPlaceholder')}
          filtered={urlFilters.active}
          loadFailed={t('list.loadFailed')}
          empty={{
            icon: <IconTicketOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('list.emptyTitle'),
            hint: t('list.emptyHint'),
          }}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (row) => t('list.selectRow', { number: row.number }),
            pageLabel: t('list.selectPage'),
          }}
          filters={
            <Stack gap="md">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <MultiSelect
                  label={t('fields.status')}
                  placeholder={statuses.length ? undefined : t('list.allStatuses')}
                  data={TICKET_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
                  value={statuses}
                  onChange={(next) => setFilter('status', next.join(','))}
                  clearable
                  w={280}
                  data-testid="tickets-status-filter"
                />
                <NativeSelect
                  label={t('fields.priority')}
                  value={isPriority(values.priority) ? values.priority : ''}
                  onChange={(event) => setFilter('priority', event.currentTarget.value)}
                  data={[
                    { value: '', label: t('list.allPriorities') },
                    ...TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) })),
                  ]}
                  data-testid="tickets-priority-filter"
                />
                {isStaff && (
                  <NativeSelect
                    label={t('fields.assignee')}
                    value={values.assignee}
                    onChange={(event) => setFilter('assignee', event.currentTarget.value)}
                    data={[
                      { value: '', label: t('list.anyAssignee') },
                      { value: 'none', label: t('unassigned') },
                      ...assigneeOptions,
                    ]}
                    data-testid="tickets-assignee-filter"
                  />
                )}
                {seesOtherCompanies && (
                  <CompanyFilter
                    label={t('fields.company')}
                    placeholder={t('list.allCompanies')}
                    value={values.company}
                    onChange={(value) => setFilter('company', value)}
                    data-testid="tickets-company-filter"
                  />
                )}
              </Group>
              {selected.length > 0 && (
                <BulkBar
                  label={t('bulk.selected', { count: selected.length })}
                  clearLabel={t('bulk.clear')}
                  onClear={() => setSelected([])}
                  data-testid="tickets-bulk-bar"
                >
                  <NativeSelect
                    size="xs"
                    label={t('bulk.status')}
                    value={bulkChange.status}
                    onChange={(event) => {
                      const status = event.currentTarget.value;
                      setBulkChange((c) => ({ ...c, status }));
                    }}
                    data={[
                      { value: '', label: t('bulk.keep') },
                      ...bulkStatuses(isStaff).map((status) => ({ value: status, label: t(`status.${status}`) })),
                    ]}
                    data-testid="tickets-bulk-status"
                  />
                  <NativeSelect
                    size="xs"
                    label={t('bulk.priority')}
                    value={bulkChange.priority}
                    onChange={(event) => {
                      const priority = event.currentTarget.value;
                      setBulkChange((c) => ({ ...c, priority }));
                    }}
                    data={[
                      { value: '', label: t('bulk.keep') },
                      ...TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) })),
                    ]}
                    data-testid="tickets-bulk-priority"
                  />
                  {isStaff && (
                    <NativeSelect
                      size="xs"
                      label={t('bulk.assignee')}
                      value={bulkChange.assignee}
                      onChange={(event) => {
                        const assignee = event.currentTarget.value;
                        setBulkChange((c) => ({ ...c, assignee }));
                      }}
                      data={[
                        { value: '', label: t('bulk.keep') },
                        { value: 'none', label: t('unassigned') },
                        ...assigneeOptions,
                      ]}
                      data-testid="tickets-bulk-assignee"
                    />
                  )}
                  <Button
                    size="xs"
                    loading={bulk.isPending}
                    disabled={!bulkChange.status && !bulkChange.priority && !bulkChange.assignee}
                    onClick={() => void handleBulk()}
                    data-testid="tickets-bulk-apply"
                  >
                    {t('bulk.apply')}
                  </Button>
                </BulkBar>
              )}
            </Stack>
          }
        />
      </Stack>
      <BulkResultDialog
        title={t('bulk.resultTitle')}
        summary={(counts) => t('bulk.summary', counts)}
        doneLabel={t('bulk.done')}
        listLabel={t('bulk.outcome')}
        results={results}
        nameOf={(id) => numbers.get(id) ?? id}
        onClose={() => setResults(null)}
        testIdPrefix="ticket-bulk"
      />
    </Container>
  );
}
