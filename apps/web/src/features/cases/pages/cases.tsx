import type { BulkItemResult } from '@cuspid/contracts';
import { CASE_STATUSES, type CaseListItem, type CaseStatus } from '@cuspid/contracts/cases';
import { Anchor, Button, Container, Group, Modal, MultiSelect, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconPlus, IconTags, IconTrash, IconTrashX, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BulkBar } from '../../../components/bulk-bar';
import { BulkResultDialog } from '../../../components/bulk-result-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { FoldingFilters } from '../../../components/folding-filters';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { BulkLabelsModal, FlagFilterSelect, RecordLabels } from '../../flags';
import { type BulkCaseAction, caseKeys, useBulkCaseAction, useCasePage } from '../api/cases';
import { mayMove, reachableStatuses, useCaseAbilities } from '../components/case-moves';
import { CaseStatusBadge, JawStatusIcons } from '../components/case-status-badge';
import { CompanyFilter } from '../components/company-filter';
import { EmptyTrashDialog } from '../components/empty-trash-dialog';
import { casePaths } from '../paths';

const isStatus = (value: string): value is CaseStatus => (CASE_STATUSES as readonly string[]).includes(value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

type Pending = { action: BulkCaseAction; label: string; confirm?: boolean };

/** Cases (route /my-cases): paged, searched, filtered and sorted on the server; bulk actions on the chosen rows. */
export function CasesPage() {
  const { t } = useTranslation(['cases', 'flags', 'common']);
  const format = useFormat();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const filters = useUrlFilters(['status', 'flag', 'tag', 'company', 'from', 'to'] as const);
  const { values, setFilter } = filters;
  const abilities = useCaseAbilities();
  const statuses = values.status.split(',').filter(isStatus);
  // A company in the URL counts only for whoever sees other companies (the back office, a partner with
  // customers): the list waits until that is known.
  const cases = useCasePage(
    {
      ...params,
      statuses,
      flag: values.flag,
      tag: values.tag,
      company: abilities.seesOtherCompanies ? values.company : '',
      from: isDay(values.from) ? values.from : '',
      to: isDay(values.to) ? values.to : '',
      sortBy: sort.sortBy,
      sortDir: sort.sortDir,
    },
    !values.company || abilities.seesOtherCompaniesKnown,
  );
  const queryClient = useQueryClient();
  const bulk = useBulkCaseAction();
  const [selected, setSelected] = useState<string[]>([]);
  const [labelling, setLabelling] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [changingStatus, setChangingStatus] = useState(false);
  const [nextStatus, setNextStatus] = useState<string>('');
  const [emptying, setEmptying] = useState(false);
  const [outcome, setOutcome] = useState<{ label: string; results: BulkItemResult[] } | null>(null);
  // Names of the cases acted on, kept for the result (the rows may leave the page once the list is read again).
  const [names, setNames] = useState<Record<string, string>>({});

  const rows = cases.data?.data ?? [];
  const chosen = useMemo(() => rows.filter((row) => selected.includes(row.id)), [rows, selected]);
  const anyMay = (to: CaseStatus) => chosen.some((row) => mayMove(row, to, abilities.mover));
  const statusChoices = reachableStatuses(chosen, abilities.mover);
  const trashShown = statuses.includes('trash');
  // Empty trash empties what the list shows: the company of the URL, once it is known to count for the caller.
  const trashCompany = abilities.seesOtherCompanies ? values.company : '';
  const canEmptyTrash = abilities.delete && trashShown && (!values.company || abilities.seesOtherCompaniesKnown);

  const run = async ({ action, label }: Pending) => {
    const ids = [...selected];
    setNames(Object.fromEntries(chosen.map((row) => [row.id, row.name])));
    try {
      const { results } = await bulk.mutateAsync({ ids, action });
      setPending(null);
      setChangingStatus(false);
      setSelected([]);
      setOutcome({ label, results });
    } catch (error) {
      notifyError(error);
    }
  };

  const bulkQuestion = (action: BulkCaseAction) => {
    if (action.kind === 'delete') return t('common:delete.question');
    if (action.kind === 'approve')
      return t(action.approved ? 'bulk.approveQuestion' : 'bulk.rejectQuestion', { count: selected.length });
    return t('bulk.trashQuestion', { count: selected.length });
  };
  const bulkFollows = (action: BulkCaseAction) =>
    action.kind === 'approve' ? (
      <Text size="sm" data-testid="cases-bulk-follows">
        {t(action.approved ? 'approve.follows' : 'reject.follows')}
      </Text>
    ) : undefined;

  // The filters in force, as the folded "Filters" control of a phone counts them (a company only where it counts).
  const activeFilters =
    (['status', 'flag', 'tag', 'from', 'to'] as const).filter((key) => values[key] !== '').length +
    (abilities.seesOtherCompanies && values.company !== '' ? 1 : 0);

  const ask = (next: Pending) => (next.confirm ? setPending(next) : void run(next));

  const columns: ListColumn<CaseListItem>[] = [
    {
      key: 'name',
      label: t('fields.name'),
      sortKey: 'name',
      render: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={casePaths.caseShow(row.id)} fw={500}>
            {row.name}
          </Anchor>
          <RecordLabels flag={row.flag} tags={row.tags} />
        </Stack>
      ),
    },
    // A patient is mostly a practice's patient number ("P-2026-0042"), which must not break at its hyphens.
    { key: 'patient', kind: 'code', label: t('fields.patient'), sortKey: 'patient', render: (row) => row.patient },
    ...(abilities.seesOtherCompanies
      ? [{ key: 'company', label: t('fields.company'), render: (row: CaseListItem) => row.company_name }]
      : []),
    {
      key: 'status',
      kind: 'badge',
      label: t('fields.status'),
      sortKey: 'status',
      render: (row) => <CaseStatusBadge status={row.status} size="sm" />,
    },
    { key: 'jaws', kind: 'badge', label: t('fields.jaws'), render: (row) => <JawStatusIcons jaws={row.jaws} /> },
    {
      key: 'teeth',
      kind: 'number',
      label: t('fields.teeth'),
      render: (row) => t('list.teethCount', { count: row.upper_teeth.length + row.lower_teeth.length }),
    },
    {
      key: 'created_at',
      kind: 'date',
      label: t('fields.createdAt'),
      sortKey: 'created_at',
      render: (row) => format.date(row.created_at),
    },
    {
      key: 'updated_at',
      kind: 'date',
      label: t('fields.updatedAt'),
      sortKey: 'updated_at',
      render: (row) => format.relativeTime(row.updated_at),
    },
  ];

  // Staff and partners read other companies' cases: "your practice's scans" is for a practice only. Nothing while
  // that is not known yet, rather than the wrong line.
  const listIntro = abilities.seesOtherCompaniesKnown
    ? t(abilities.seesOtherCompanies ? 'list.introCompanies' : 'list.intro')
    : undefined;

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="cases-page">
        <PageHeader
          title={t('list.title')}
          description={listIntro}
          actions={
            <>
              {canEmptyTrash && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrashX size={16} aria-hidden />}
                  onClick={() => setEmptying(true)}
                  data-testid="cases-empty-trash"
                >
                  {t('bulk.emptyTrash')}
                </Button>
              )}
              <Button component={Link} to={casePaths.caseCreate} leftSection={<IconPlus size={16} aria-hidden />}>
                {t('list.create')}
              </Button>
            </>
          }
        />
        <ServerList
          testId="cases"
          rowTestId="case-row"
          columns={columns}
          query={cases}
          minWidth={960}
          searchPlaceholder={t('list.searchPlaceholder')}
          filtered={filters.active}
          loadFailed={t('list.loadFailed')}
          empty={{ title: t('list.emptyTitle'), hint: t('list.emptyHint') }}
          phoneRow={{
            label: t('list.phoneColumn'),
            render: (row) => (
              <Stack gap={4} data-testid="case-card">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={casePaths.caseShow(row.id)}
                    fw={500}
                    miw={0}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {row.name}
                  </Anchor>
                  <CaseStatusBadge status={row.status} size="sm" />
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" c="dimmed" miw={0} truncate="end">
                    {abilities.seesOtherCompanies ? `${row.patient} · ${row.company_name}` : row.patient}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {format.date(row.created_at)}
                  </Text>
                </Group>
                <RecordLabels flag={row.flag} tags={row.tags} />
              </Stack>
            ),
          }}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (row) => t('list.selectRow', { name: row.name }),
            pageLabel: t('list.selectPage'),
          }}
          filters={
            <Stack gap="md">
              <FoldingFilters active={activeFilters} testId="cases">
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <MultiSelect
                    label={t('fields.status')}
                    placeholder={statuses.length ? undefined : t('list.activeStatuses')}
                    data={CASE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
                    value={statuses}
                    onChange={(next) => setFilter('status', next.join(','))}
                    clearable
                    w={260}
                    data-testid="cases-status-filter"
                  />
                  <FlagFilterSelect
                    kind="flag"
                    type="case"
                    label={t('flags:kind.flag')}
                    allLabel={t('list.allFlags')}
                    value={values.flag}
                    onChange={(value) => setFilter('flag', value)}
                    data-testid="cases-flag-filter"
                  />
                  <FlagFilterSelect
                    kind="tag"
                    type="case"
                    label={t('flags:kind.tag')}
                    allLabel={t('list.allTags')}
                    value={values.tag}
                    onChange={(value) => setFilter('tag', value)}
                    data-testid="cases-tag-filter"
                  />
                  <DateField
                    label={t('list.from')}
                    value={values.from}
                    maxDate={values.to || undefined}
                    onChange={(day) => setFilter('from', day)}
                    data-testid="cases-from-filter"
                  />
                  <DateField
                    label={t('list.to')}
                    value={values.to}
                    minDate={values.from || undefined}
                    onChange={(day) => setFilter('to', day)}
                    data-testid="cases-to-filter"
                  />
                  {abilities.seesOtherCompanies && (
                    <CompanyFilter
                      label={t('fields.company')}
                      placeholder={t('list.allCompanies')}
                      value={values.company}
                      onChange={(value) => setFilter('company', value)}
                      data-testid="cases-company-filter"
                    />
                  )}
                </Group>
              </FoldingFilters>
              {selected.length > 0 && (
                <BulkBar
                  label={t('bulk.selected', { count: selected.length })}
                  clearLabel={t('bulk.clear')}
                  onClear={() => setSelected([])}
                  data-testid="cases-bulk-bar"
                >
                  {abilities.approve && anyMay('approved') && (
                    <Button
                      size="xs"
                      color="green"
                      leftSection={<IconCheck size={14} aria-hidden />}
                      loading={bulk.isPending}
                      onClick={() =>
                        ask({ action: { kind: 'approve', approved: true }, label: t('actions.approve'), confirm: true })
                      }
                      data-testid="cases-bulk-approve"
                    >
                      {t('actions.approve')}
                    </Button>
                  )}
                  {abilities.approve && anyMay('rejected') && (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      leftSection={<IconX size={14} aria-hidden />}
                      loading={bulk.isPending}
                      onClick={() =>
                        ask({ action: { kind: 'approve', approved: false }, label: t('actions.reject'), confirm: true })
                      }
                      data-testid="cases-bulk-reject"
                    >
                      {t('actions.reject')}
                    </Button>
                  )}
                  {abilities.status && statusChoices.length > 0 && (
                    <Button
                      size="xs"
                      variant="light"
                      rightSection={<IconChevronDown size={14} aria-hidden />}
                      onClick={() => {
                        setNextStatus('');
                        setChangingStatus(true);
                      }}
                      data-testid="cases-bulk-status"
                    >
                      {t('actions.changeStatus')}
                    </Button>
                  )}
                  {abilities.delete && anyMay('trash') && (
                    <Button
                      size="xs"
                      variant="light"
                      color="gray"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() =>
                        ask({ action: { kind: 'status', status: 'trash' }, label: t('actions.trash'), confirm: true })
                      }
                      data-testid="cases-bulk-trash"
                    >
                      {t('actions.trash')}
                    </Button>
                  )}
                  {abilities.delete && chosen.some((row) => row.status === 'trash') && (
                    <Button
                      size="xs"
                      color="red"
                      leftSection={<IconTrashX size={14} aria-hidden />}
                      onClick={() =>
                        ask({ action: { kind: 'delete' }, label: t('actions.deleteForGood'), confirm: true })
                      }
                      data-testid="cases-bulk-delete"
                    >
                      {t('actions.deleteForGood')}
                    </Button>
                  )}
                  {abilities.labels && (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconTags size={14} aria-hidden />}
                      onClick={() => setLabelling(true)}
                      data-testid="cases-bulk-labels"
                    >
                      {t('flags:bulk.open')}
                    </Button>
                  )}
                </BulkBar>
              )}
            </Stack>
          }
        />
        <BulkLabelsModal
          type="case"
          ids={selected}
          opened={labelling}
          onClose={() => setLabelling(false)}
          onSaved={() => {
            setLabelling(false);
            setSelected([]);
            void queryClient.invalidateQueries({ queryKey: caseKeys.all });
          }}
        />
        <Modal
          opened={changingStatus}
          onClose={() => setChangingStatus(false)}
          title={t('bulk.statusTitle', { count: selected.length })}
          centered
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (isStatus(nextStatus))
                void run({
                  action: { kind: 'status', status: nextStatus },
                  label: t('bulk.statusTo', { status: t(`status.${nextStatus}`) }),
                });
            }}
          >
            <Stack gap="sm">
              <NativeSelect
                label={t('bulk.nextStatus')}
                data={[
                  { value: '', label: t('bulk.chooseStatus') },
                  ...statusChoices.map((status) => ({ value: status, label: t(`status.${status}`) })),
                ]}
                value={nextStatus}
                onChange={(event) => setNextStatus(event.currentTarget.value)}
                data-autofocus
                data-testid="cases-bulk-status-select"
              />
              <Text size="sm" c="dimmed">
                {t('bulk.statusHint')}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setChangingStatus(false)}>
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" disabled={!isStatus(nextStatus)} loading={bulk.isPending}>
                  {t('bulk.apply')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
        <ConfirmDialog
          opened={pending !== null}
          onCancel={() => setPending(null)}
          onConfirm={() => pending && void run(pending)}
          loading={bulk.isPending}
          title={pending?.label ?? ''}
          question={pending ? bulkQuestion(pending.action) : ''}
          subject={chosen.map((row) => row.name).join(', ')}
          details={pending ? bulkFollows(pending.action) : undefined}
          warning={pending?.action.kind === 'delete' ? t('common:delete.warning') : undefined}
          confirmColor={pending?.action.kind === 'approve' && pending.action.approved ? 'green' : 'red'}
          confirmLabel={pending?.label ?? ''}
          cancelLabel={t('actions.cancel')}
          testIds={{ dialog: 'cases-bulk-confirm', confirm: 'cases-bulk-confirm-button' }}
        />
        <EmptyTrashDialog opened={emptying} companyId={trashCompany} onClose={() => setEmptying(false)} />
        <BulkResultDialog
          title={t('bulk.resultTitle', { action: outcome?.label ?? '' })}
          summary={(counts) => t('bulk.summary', counts)}
          doneLabel={t('bulk.done')}
          listLabel={t('bulk.perCase')}
          results={outcome?.results ?? null}
          nameOf={(id) => names[id] ?? rows.find((row) => row.id === id)?.name ?? id}
          onClose={() => setOutcome(null)}
        />
      </Stack>
    </Container>
  );
}
