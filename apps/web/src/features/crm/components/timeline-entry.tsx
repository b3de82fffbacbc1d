import type { CustomerActivity, CustomerActivityType, CustomerNote } from '@cuspid/contracts/crm';
import { ActionIcon, Badge, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCheck,
  IconChecklist,
  IconMail,
  IconMapPin,
  IconNote,
  IconPencil,
  IconPhone,
  IconPin,
  IconPinnedOff,
  IconRotate,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';

const ACTIVITY_ICONS: Record<CustomerActivityType, typeof IconPhone> = {
  call: IconPhone,
  meeting: IconCalendarEvent,
  mail: IconMail,
  visit: IconMapPin,
  task: IconChecklist,
};

function Action({
  label,
  onClick,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Who wrote it and when: "Anna Weiss · 3 hours ago", the exact time on hover; notes say when they were edited. */
function Byline({ name, createdAt, updatedAt }: { name: string | undefined; createdAt: string; updatedAt?: string }) {
  const { t } = useTranslation('crm');
  const format = useFormat();
  const edited = updatedAt !== undefined && Date.parse(updatedAt) - Date.parse(createdAt) > 1000;
  return (
    <Text size="xs" c="dimmed">
      {name ?? t('timeline.unknownAuthor')} ·{' '}
      <Tooltip label={format.date(createdAt, true)}>
        <time dateTime={createdAt}>{format.relativeTime(createdAt)}</time>
      </Tooltip>
      {edited && ` · ${t('timeline.edited')}`}
    </Text>
  );
}

type NoteEntryProps = {
  note: CustomerNote;
  onTogglePin: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function NoteEntry({ note, onTogglePin, onEdit, onDelete }: NoteEntryProps) {
  const { t } = useTranslation('crm');
  return (
    <Paper withBorder radius="md" p="md" data-testid="crm-entry" data-kind="note">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color={note.is_pinned ? 'yellow' : 'blue'} radius="xl" aria-hidden>
          {note.is_pinned ? <IconPin size={16} /> : <IconNote size={16} />}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('note.label')}
              </Text>
              {note.is_pinned && (
                <Badge size="sm" color="yellow" variant="light">
                  {t('note.pinnedBadge')}
                </Badge>
              )}
            </Group>
            {note.can_edit && (
              <Group gap={2} wrap="nowrap">
                <Action label={note.is_pinned ? t('note.unpin') : t('note.pin')} onClick={onTogglePin}>
                  {note.is_pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
                </Action>
                <Action label={t('actions.edit')} onClick={onEdit}>
                  <IconPencil size={16} />
                </Action>
                <Action label={t('actions.delete')} onClick={onDelete} color="red">
                  <IconTrash size={16} />
                </Action>
              </Group>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.body}
          </Text>
          <Byline name={note.author?.name} createdAt={note.created_at} updatedAt={note.updated_at} />
        </Stack>
      </Group>
    </Paper>
  );
}

type ActivityEntryProps = {
  activity: CustomerActivity;
  onToggleDone: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function ActivityEntry({ activity, onToggleDone, onEdit, onDelete }: ActivityEntryProps) {
  const { t } = useTranslation('crm');
  const format = useFormat();
  const Icon = ACTIVITY_ICONS[activity.type];
  const isDone = activity.done_at !== null;
  const isOverdue = !isDone && activity.due_at !== null && Date.parse(activity.due_at) < Date.now();
  return (
    <Paper withBorder radius="md" p="md" data-testid="crm-entry" data-kind="activity">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color={isDone ? 'teal' : 'grape'} radius="xl" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t(`activity.types.${activity.type}`)}
              </Text>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {activity.subject}
              </Text>
              {isDone ? (
                <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                  {t('activity.doneAt', { when: format.date(activity.done_at!, true) })}
                </Badge>
              ) : isOverdue ? (
                <Badge size="sm" color="red" variant="light">
                  {t('activity.overdue', { when: format.date(activity.due_at!, true) })}
                </Badge>
              ) : activity.due_at ? (
                <Badge size="sm" color="grape" variant="light">
                  {t('activity.dueAt', { when: format.date(activity.due_at, true) })}
                </Badge>
              ) : (
                <Badge size="sm" color="gray" variant="light">
                  {t('activity.open')}
                </Badge>
              )}
            </Group>
            <Group gap={2} wrap="nowrap">
              {activity.can_complete && (
                <Action
                  label={isDone ? t('activity.reopen') : t('activity.markDone')}
                  onClick={onToggleDone}
                  color={isDone ? undefined : 'teal'}
                >
                  {isDone ? <IconRotate size={16} /> : <IconCheck size={16} />}
                </Action>
              )}
              {activity.can_edit && (
                <>
                  <Action label={t('actions.edit')} onClick={onEdit}>
                    <IconPencil size={16} />
                  </Action>
                  <Action label={t('actions.delete')} onClick={onDelete} color="red">
                    <IconTrash size={16} />
                  </Action>
                </>
              )}
            </Group>
          </Group>
          {activity.details && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {activity.details}
            </Text>
          )}
          {activity.assignee && <Text size="xs">{t('activity.assignedTo', { name: activity.assignee.name })}</Text>}
          <Byline name={activity.author?.name} createdAt={activity.created_at} />
        </Stack>
      </Group>
    </Paper>
  );
}
