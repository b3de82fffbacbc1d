import type { CustomerActivity, CustomerNote } from '@cuspid/contracts/crm';
import { Alert, Button, Card, Center, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import {
  useCreateActivity,
  useCreateNote,
  useCustomerTimeline,
  useDeleteActivity,
  useDeleteNote,
  useUpdateActivity,
  useUpdateNote,
} from '../api/crm';
import { ActivityForm, type ActivityFormBody, type AssigneeOption } from './activity-form';
import { NoteForm, type NoteFormValues } from './note-form';
import { ActivityEntry, NoteEntry } from './timeline-entry';

type Editing = { kind: 'note'; note: CustomerNote } | { kind: 'activity'; activity: CustomerActivity };

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/**
 * The "Notes and activities" tab of a company: forms to add a note and to log or schedule an activity, and the
 * timeline (pinned notes on top, then newest first, loaded page by page) with pin, done, edit and delete.
 */
export function CustomerTimelinePanel({ companyId, assignees }: { companyId: string; assignees: AssigneeOption[] }) {
  const { t } = useTranslation('crm');
  const timeline = useCustomerTimeline(companyId);
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const createActivity = useCreateActivity();
  const updateActivity = useUpdateActivity();
  const deleteActivity = useDeleteActivity();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Editing | null>(null);

  const handleCreateNote = async (values: NoteFormValues) => {
    await createNote.mutateAsync({ company_id: companyId, ...values });
    notifySuccess(t('note.created'));
  };
  const handleCreateActivity = async (body: ActivityFormBody) => {
    await createActivity.mutateAsync({ company_id: companyId, ...body });
    notifySuccess(body.is_done ? t('activity.logged') : t('activity.scheduled'));
  };
  const handleEditNote = (note: CustomerNote) => async (values: NoteFormValues) => {
    await updateNote.mutateAsync({ id: note.id, body: values });
    setEditing(null);
    notifySuccess(t('note.saved'));
  };
  const handleEditActivity = (activity: CustomerActivity) => async (body: ActivityFormBody) => {
    await updateActivity.mutateAsync({ id: activity.id, body });
    setEditing(null);
    notifySuccess(t('activity.saved'));
  };

  const handleTogglePin = async (note: CustomerNote) => {
    try {
      await updateNote.mutateAsync({ id: note.id, body: { is_pinned: !note.is_pinned } });
      notifySuccess(note.is_pinned ? t('note.unpinned') : t('note.pinnedDone'));
    } catch (error) {
      notifyError(error);
    }
  };
  const handleToggleDone = async (activity: CustomerActivity) => {
    const isDone = activity.done_at === null;
    try {
      await updateActivity.mutateAsync({ id: activity.id, body: { is_done: isDone } });
      notifySuccess(isDone ? t('activity.markedDone') : t('activity.reopened'));
    } catch (error) {
      notifyError(error);
    }
  };
  const handleDelete = async () => {
    if (!deleting) return;
    try {
      if (deleting.kind === 'note') {
        await deleteNote.mutateAsync(deleting.note.id);
        notifySuccess(t('note.deleted'));
      } else {
        await deleteActivity.mutateAsync(deleting.activity.id);
        notifySuccess(t('activity.deleted'));
      }
      setDeleting(null);
    } catch (error) {
      notifyError(error);
    }
  };

  const items = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  const total = timeline.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md" data-testid="crm-panel">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} size="h5" mb="sm">
            {t('note.title')}
          </Title>
          <NoteForm submitLabel={t('note.add')} onSubmit={handleCreateNote} />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={3} size="h5" mb="sm">
            {t('activity.title')}
          </Title>
          <ActivityForm assignees={assignees} submitLabel={t('activity.add')} onSubmit={handleCreateActivity} />
        </Card>
      </SimpleGrid>

      <Title order={3} size="h5">
        {t('timeline.title', { count: total })}
      </Title>
      {timeline.isError ? (
        <Alert color="red" title={t('timeline.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(timeline.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void timeline.refetch()}>
              {t('timeline.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !timeline.data ? (
        <Skeleton h={120} />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="crm-empty">
          {t('timeline.empty')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="crm-timeline" aria-live="polite">
          {items.map((item) =>
            item.kind === 'note' ? (
              <NoteEntry
                key={`note-${item.note.id}`}
                note={item.note}
                onTogglePin={() => void handleTogglePin(item.note)}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              />
            ) : (
              <ActivityEntry
                key={`activity-${item.activity.id}`}
                activity={item.activity}
                onToggleDone={() => void handleToggleDone(item.activity)}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              />
            ),
          )}
          {timeline.hasNextPage && (
            <Center>
              <Button
                variant="light"
                loading={timeline.isFetchingNextPage}
                onClick={() => void timeline.fetchNextPage()}
              >
                {t('timeline.more')}
              </Button>
            </Center>
          )}
        </Stack>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'note' ? t('note.editTitle') : t('activity.editTitle')}
        size="lg"
        centered
      >
        {editing?.kind === 'note' && (
          <NoteForm
            note={editing.note}
            submitLabel={t('actions.save')}
            onSubmit={handleEditNote(editing.note)}
            onCancel={() => setEditing(null)}
          />
        )}
        {editing?.kind === 'activity' && (
          <ActivityForm
            activity={editing.activity}
            assignees={assignees}
            submitLabel={t('actions.save')}
            onSubmit={handleEditActivity(editing.activity)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        subject={
          deleting?.kind === 'note'
            ? excerpt(deleting.note.body)
            : deleting
              ? `${t(`activity.types.${deleting.activity.type}`)}: ${deleting.activity.subject}`
              : undefined
        }
        loading={deleteNote.isPending || deleteActivity.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void handleDelete()}
      />
    </Stack>
  );
}
