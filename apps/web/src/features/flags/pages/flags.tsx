import type { Flag, FlagKind } from '@cuspid/contracts/flags';
import { Button, ColorSwatch, Container, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useDeleteFlag, useFlagPage } from '../api/flags';
import { FlagBadge } from '../components/flag-badge';
import { FlagFormModal } from '../components/flag-form-modal';
import { FlagsBulkCreateModal } from '../components/flags-bulk-create-modal';

const KINDS = ['', 'flag', 'tag'] as const;

/** Flag and tag definitions (route /flags, backoffice-flag): list, create (one or several), edit, delete. */
export function FlagsPage() {
  const { t } = useTranslation(['flags', 'common']);
  const { params } = useListParams();
  const filters = useUrlFilters(['kind'] as const);
  const kind = (KINDS as readonly string[]).includes(filters.values.kind) ? (filters.values.kind as FlagKind | '') : '';
  const flags = useFlagPage({ ...params, kind });
  const remove = useDeleteFlag();
  const [editing, setEditing] = useState<Flag | null>(null);
  const [creating, setCreating] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [deleting, setDeleting] = useState<Flag | null>(null);

  const columns: ListColumn<Flag>[] = [
    {
      key: 'name',
      label: t('fields.name'),
      render: (flag) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={flag.colour} size={16} aria-hidden />
          <FlagBadge label={flag} kind={flag.kind} />
        </Group>
      ),
    },
    { key: 'kind', label: t('fields.kind'), render: (flag) => t(`kind.${flag.kind}`) },
    {
      key: 'applies_to',
      label: t('fields.appliesTo'),
      render: (flag) => flag.applies_to.map((type) => t(`recordTypes.${type}`)).join(', '),
    },
    {
      key: 'description',
      label: t('fields.description'),
      render: (flag) => (
        <Text size="sm" lineClamp={2}>
          {flag.description ?? '–'}
        </Text>
      ),
    },
    { key: 'usage', kind: 'number', label: t('fields.usage'), render: (flag) => flag.usage_count },
  ];

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      // The answer names no count: the records that lost it are those the list counted.
      const { kind, usage_count: count } = deleting;
      notifySuccess(count ? t(`deletedAndRemoved.${kind}`, { count }) : t(`deleted.${kind}`));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="flags-page">
        <PageHeader
          title={t('title')}
          description={t('intro')}
          actions={
            <>
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
            </>
          }
        />
        <ServerList
          testId="flags"
          rowTestId="flag-row"
          columns={columns}
          query={flags}
          searchLabel={t('search')}
          searchPlaceholder={t('searchPlaceholder')}
          loadFailed={t('loadFailed')}
          minWidth={700}
          filtered={kind !== ''}
          empty={{
            icon: <IconTag size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('empty.noneTitle'),
            hint: t('empty.noneHint'),
            searchTitle: t('empty.searchTitle'),
            searchHint: t('empty.searchHint'),
          }}
          filters={
            <Stack gap={4}>
              <Text size="sm" fw={500} id="flags-kind-filter-label">
                {t('fields.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="flags-kind-filter-label"
                value={kind}
                onChange={(value) => filters.setFilter('kind', value)}
                data={[
                  { value: '', label: t('kind.all') },
                  { value: 'flag', label: t('kind.flags') },
                  { value: 'tag', label: t('kind.tags') },
                ]}
                data-testid="flags-kind-filter"
              />
            </Stack>
          }
          actions={(flag) => (
            <>
              <RowAction
                label={t('actions.edit', { name: flag.name })}
                icon={IconPencil}
                onClick={() => setEditing(flag)}
              />
              <RowAction
                label={t('actions.delete', { name: flag.name })}
                icon={IconTrash}
                onClick={() => setDeleting(flag)}
                color="red"
              />
            </>
          )}
        />
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
