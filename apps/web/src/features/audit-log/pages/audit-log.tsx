import { AUDIT_ACTIONS, type AuditEntry } from '@cuspid/contracts/audit';
import {
  Anchor,
  Badge,
  Code,
  Container,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconHistoryOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { declaredKeys, useDeclaredLabel } from '../../../config/declared-labels';
import { recordPath } from '../../../config/record-paths';
import { useFormat } from '../../../lib/use-format';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { UserPicker } from '../../users';
import { type AuditLogFilters, useAuditEntry, useAuditLogPage } from '../api/audit-log';

const ACTION_COLOR: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

function useAuditFilters() {
  const { params } = useListParams();
  const url = useUrlFilters(['entity', 'entity_id', 'actor', 'action', 'from', 'to'] as const);
  const { values } = url;
  const filters: AuditLogFilters = {
    page: params.page,
    size: params.size,
    entity: values.entity,
    entityId: values.entity_id,
    actorUserId: values.actor,
    action: values.action,
    from: values.from,
    to: values.to,
  };
  return { filters, setFilter: url.setFilter, filtered: url.active };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The audit trail: who changed which record, when, and which fields (backoffice-audit-log). */
export function AuditLogPage() {
  const { t } = useTranslation(['audit-log', 'common']);
  const label = useDeclaredLabel();
  const { filters, setFilter, filtered } = useAuditFilters();
  const entries = useAuditLogPage(filters);
  const format = useFormat();
  const [openId, setOpenId] = useState<string | null>(null);
  const columns: ListColumn<AuditEntry>[] = [
    {
      key: 'at',
      kind: 'date',
      label: t('fields.at'),
      render: (entry) => (
        <UnstyledButton onClick={() => setOpenId(entry.id)} fw={500} td="underline">
          {format.date(entry.at, true)}
        </UnstyledButton>
      ),
    },
    { key: 'actor', label: t('fields.actor'), render: (entry) => <Actor entry={entry} /> },
    {
      key: 'action',
      kind: 'badge',
      label: t('fields.action'),
      render: (entry) => (
        <Badge color={ACTION_COLOR[entry.action] ?? 'gray'} variant="light">
          {t(`actions.${entry.action}`, { defaultValue: entry.action })}
        </Badge>
      ),
    },
    {
      key: 'entity',
      label: t('fields.entity'),
      render: (entry) => label('auditKinds', entry.entity),
    },
    {
      key: 'entityId',
      kind: 'code',
      label: t('fields.entityId'),
      render: (entry) => <RecordId entry={entry} />,
    },
    {
      key: 'changes',
      label: t('fields.changedFields'),
      render: (entry) => {
        const fields = Object.keys(entry.changes)
          .map((field) => fieldLabel(field, t))
          .join(', ');
        // Cut to one line; the whole list shows on hover.
        return (
          <Text size="sm" lineClamp={1} title={fields || undefined}>
            {fields || '—'}
          </Text>
        );
      },
    },
  ];
  const actorInvalid = filters.actorUserId !== '' && !UUID.test(filters.actorUserId);
  const entityOptions = declaredKeys('auditKinds')
    .map((value) => ({ value, label: label('auditKinds', value) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="audit-log-page">
        <PageHeader title={t('title')} description={t('intro')} />
        <ServerList
          testId="audit-log"
          columns={columns}
          query={entries}
          minWidth={820}
          filtered={filtered}
          empty={{ icon: <IconHistoryOff size={40} stroke={1.3} aria-hidden />, title: t('empty') }}
          filters={
            <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} data-testid="audit-log-filters">
              <Select
                label={t('filters.entity')}
                placeholder={t('filters.any')}
                data={entityOptions}
                value={filters.entity || null}
                onChange={(value) => setFilter('entity', value ?? '')}
                clearable
                searchable
                data-testid="audit-filter-entity"
              />
              <FilterInput
                label={t('filters.entityId')}
                value={filters.entityId}
                onCommit={(value) => setFilter('entity_id', value)}
                testId="audit-filter-entity-id"
              />
              <UserPicker
                label={t('filters.actor')}
                placeholder={t('filters.actorSearch')}
                value={filters.actorUserId}
                onChange={(value) => setFilter('actor', value)}
                error={actorInvalid ? t('filters.actorInvalid') : undefined}
                data-testid="audit-filter-actor"
              />
              <Select
                label={t('filters.action')}
                placeholder={t('filters.any')}
                data={AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
                value={filters.action || null}
                onChange={(value) => setFilter('action', value ?? '')}
                clearable
                data-testid="audit-filter-action"
              />
              <DateField
                label={t('filters.from')}
                value={filters.from}
                maxDate={filters.to || undefined}
                onChange={(day) => setFilter('from', day)}
                data-testid="audit-filter-from"
              />
              <DateField
                label={t('filters.to')}
                value={filters.to}
                minDate={filters.from || undefined}
                onChange={(day) => setFilter('to', day)}
                data-testid="audit-filter-to"
              />
            </SimpleGrid>
          }
        />
      </Stack>
      <AuditEntryModal id={openId} onClose={() => setOpenId(null)} />
    </Container>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** Who made the change; a user links to their page. */
function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  const label = actorLabel(entry, t);
  const path = entry.actor_kind === 'user' && entry.actor_user_id ? recordPath('user', entry.actor_user_id) : undefined;
  if (!path) return label;
  return (
    <Anchor component={Link} to={path} size="sm" data-testid="audit-actor-link">
      {label}
    </Anchor>
  );
}

/**
 * The changed record's id, linked to the record's page where its kind has one. A deletion's record is gone:
 * its id is shown without a link.
 */
function RecordId({ entry }: { entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'action'> }) {
  const path = entry.action === 'delete' ? undefined : recordPath(entry.entity, entry.entity_id);
  if (!path) {
    return (
      <Text size="xs" ff="monospace" span>
        {entry.entity_id}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={path} size="xs" ff="monospace" data-testid="audit-record-link">
      {entry.entity_id}
    </Anchor>
  );
}

function actorLabel(entry: AuditEntry, t: Translate): string {
  if (entry.actor_kind === 'system') return t('actorKinds.system');
  if (entry.actor_kind === 'api-key') return `${t('actorKinds.api-key')} ${entry.actor_mail ?? ''}`.trim();
  return entry.actor_mail ?? entry.actor_user_id ?? '—';
}

/** A changed field's name in the user's language; a field without a translation as the server names it. */
function fieldLabel(field: string, t: Translate) {
  return t(`changedFields.${field}`, { defaultValue: field });
}

/** A text filter that applies on Enter or when the field loses focus, not on every key. */
function FilterInput(props: { label: string; value: string; onCommit: (value: string) => void; testId: string }) {
  const [draft, setDraft] = useState(props.value);
  const [shown, setShown] = useState(props.value);
  if (shown !== props.value) {
    // The URL changed (back/forward): show its value.
    setShown(props.value);
    setDraft(props.value);
  }
  const commit = () => {
    if (draft.trim() !== props.value) props.onCommit(draft);
  };
  return (
    <TextInput
      label={props.label}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      // A pasted id applies at once when it is the whole field.
      onPaste={(event) => {
        const pasted = event.clipboardData.getData('text').trim();
        if (pasted && draft.trim() === '' && pasted !== props.value) {
          event.preventDefault();
          setDraft(pasted);
          props.onCommit(pasted);
        }
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      data-testid={props.testId}
    />
  );
}

function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

function AuditEntryModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('audit-log');
  const label = useDeclaredLabel();
  const format = useFormat();
  const entry = useAuditEntry(id);
  return (
    <Modal opened={!!id} onClose={onClose} size="xl" title={t('detail')}>
      <QueryState query={entry} failure="alert" loading={<Loader />}>
        {(data) => (
          <Stack gap="sm" data-testid="audit-entry-detail">
            <Group gap="lg">
              <Text size="sm">
                {t('fields.at')}: <b>{format.date(data.at, true)}</b>
              </Text>
              <Text size="sm">
                {t('fields.actor')}:{' '}
                <b>
                  <Actor entry={data} />
                </b>
              </Text>
              <Badge color={ACTION_COLOR[data.action] ?? 'gray'} variant="light">
                {t(`actions.${data.action}`, { defaultValue: data.action })}
              </Badge>
            </Group>
            <Text size="sm">
              {label('auditKinds', data.entity)}{' '}
              <Code>
                <RecordId entry={data} />
              </Code>
            </Text>
            {Object.keys(data.changes).length === 0 ? (
              <Text c="dimmed">{t('noChanges')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table withTableBorder data-testid="audit-entry-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('fields.field')}</Table.Th>
                      <Table.Th>{t('fields.old')}</Table.Th>
                      <Table.Th>{t('fields.new')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {Object.entries(data.changes).map(([field, change]) => (
                      <Table.Tr key={field} data-testid="audit-change-row">
                        <Table.Td fw={500}>{fieldLabel(field, t)}</Table.Td>
                        <Table.Td>
                          <Text size="sm" component="pre" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                            {showValue(change.old)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" component="pre" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                            {showValue(change.new)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
