import { DEFAULT_CURRENCY } from '@cuspid/contracts';
import type { ReminderLevel } from '@cuspid/contracts/reminder-levels';
import { Anchor, Button, Container, Stack, Text } from '@mantine/core';
import { IconBellOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useListParams } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { useDeleteReminderLevel, useReminderLevelPage } from '../api/reminder-levels';
import { reminderLevelPaths } from '../paths';

function Texts({ level }: { level: ReminderLevel }) {
  const { t } = useTranslation('invoice-reminder-levels');
  if (!level.start_text && !level.end_text) {
    return (
      <Text span c="dimmed" size="sm">
        {t('list.noTexts')}
      </Text>
    );
  }
  return (
    <Stack gap={2} maw={360}>
      {level.start_text && (
        <Text size="xs" lineClamp={2}>
          <Text span fw={600} size="xs">
            {t('fields.startText')}:
          </Text>{' '}
          {level.start_text}
        </Text>
      )}
      {level.end_text && (
        <Text size="xs" lineClamp={2}>
          <Text span fw={600} size="xs">
            {t('fields.endText')}:
          </Text>{' '}
          {level.end_text}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The steps of dunning in their order (route /invoice-reminder-levels, backoffice-invoice-reminder-level): when
 * each reminder goes out, the fee it adds and the texts of its mail.
 */
export function ReminderLevelsPage() {
  const { t } = useTranslation(['invoice-reminder-levels', 'common']);
  const format = useFormat();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const levels = useReminderLevelPage({ ...params, sortBy: sort.sortBy, sortDir: sort.sortDir });
  const remove = useDeleteReminderLevel();
  const [deleting, setDeleting] = useState<ReminderLevel | null>(null);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('deleted'));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  const columns: ListColumn<ReminderLevel>[] = [
    { key: 'level', kind: 'number', label: t('fields.level'), sortKey: 'level', render: (level) => level.level },
    {
      key: 'level_name',
      label: t('fields.levelName'),
      sortKey: 'level_name',
      render: (level) => (
        <Anchor component={Link} to={reminderLevelPaths.reminderLevelEdit(level.id)}>
          {level.level_name}
        </Anchor>
      ),
    },
    {
      key: 'period_days',
      kind: 'number',
      label: t('fields.periodDays'),
      sortKey: 'period_days',
      render: (level) => t('list.days', { count: level.period_days }),
    },
    {
      key: 'reminder_fee',
      kind: 'money',
      label: t('fields.reminderFee'),
      sortKey: 'reminder_fee',
      render: (level) => format.money(level.reminder_fee, DEFAULT_CURRENCY),
    },
    { key: 'texts', label: t('fields.texts'), render: (level) => <Texts level={level} /> },
  ];

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="reminder-levels-page">
        <PageHeader
          title={t('list.title')}
          description={t('list.intro')}
          actions={
            <Button
              component={Link}
              to={reminderLevelPaths.reminderLevelCreate}
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="reminder-level-create"
            >
              {t('list.create')}
            </Button>
          }
        />
        <ServerList
          testId="reminder-levels"
          rowTestId="reminder-level-row"
          columns={columns}
          query={levels}
          searchPlaceholder={t('list.searchPlaceholder')}
          loadFailed={t('loadFailed')}
          minWidth={760}
          empty={{
            icon: <IconBellOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('list.emptyTitle'),
            hint: t('list.emptyHint'),
          }}
          actions={(level) => (
            <>
              <RowAction
                label={t('list.edit', { name: level.level_name })}
                icon={IconPencil}
                to={reminderLevelPaths.reminderLevelEdit(level.id)}
              />
              <RowAction
                label={t('list.delete', { name: level.level_name })}
                icon={IconTrash}
                onClick={() => setDeleting(level)}
                color="red"
              />
            </>
          )}
        />
        <ConfirmDeleteModal
          opened={deleting !== null}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void handleDelete()}
          loading={remove.isPending}
          subject={deleting ? t('list.deleteSubject', { level: deleting.level, name: deleting.level_name }) : undefined}
          details={<Text size="sm">{t('list.deleteKeepsReminders')}</Text>}
        />
      </Stack>
    </Container>
  );
}
