import type { TicketAttachment, TicketComment } from '@cuspid/contracts/tickets';
import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useUpdateComment } from '../api/tickets';
import { TicketAttachments } from './ticket-attachments';

type TicketCommentCardProps = {
  comment: TicketComment;
  /** Whether the caller may change the text (its author; a customer not on a resolved ticket). */
  mayEdit: boolean;
  /** Whether the caller may delete it (the support team any, a customer its own; not on a resolved ticket). */
  mayDelete: boolean;
  mayRemove: (attachment: TicketAttachment) => boolean;
  /** Asks the conversation to delete the comment (it confirms first). */
  onDelete: (comment: TicketComment) => void;
  /** Tells the conversation whether an edit with unsaved text is open. */
  onEditingChange: (dirty: boolean) => void;
};

/**
 * One message of the conversation: author, the support team's and internal note's badges, when it was written and
 * last edited, its text and files; for whoever may, an inline editor (save/cancel) and a delete button.
 */
export function TicketCommentCard({
  comment,
  mayEdit,
  mayDelete,
  mayRemove,
  onDelete,
  onEditingChange,
}: TicketCommentCardProps) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const update = useUpdateComment(comment.ticket_id);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const edit = (next: string | null) => {
    setDraft(next);
    setError(undefined);
    onEditingChange(next !== null && next !== comment.body);
  };

  const handleSave = async () => {
    if (draft === null) return;
    if (!draft.trim()) {
      setError(t('form.bodyRequired'));
      return;
    }
    try {
      await update.mutateAsync({ id: comment.id, body: draft });
      notifySuccess(t('conversation.commentSaved'));
      edit(null);
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      bg={comment.is_internal ? 'var(--mantine-color-yellow-light)' : undefined}
      data-testid={comment.is_internal ? 'ticket-note' : 'ticket-answer'}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {comment.author_name ?? t('conversation.unknownAuthor')}
          </Text>
          {comment.by_staff && (
            <Badge size="xs" variant="light">
              {t('conversation.supportTeam')}
            </Badge>
          )}
          {comment.is_internal && (
            <Badge size="xs" color="yellow" leftSection={<IconLock size={10} aria-hidden />}>
              {t('conversation.internalNote')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed" title={format.date(comment.created_at, true)}>
            {format.relativeTime(comment.created_at)}
          </Text>
          {comment.edited_at && (
            <Text
              size="xs"
              c="dimmed"
              fs="italic"
              title={format.date(comment.edited_at, true)}
              data-testid="ticket-comment-edited"
            >
              {t('conversation.edited', { time: format.relativeTime(comment.edited_at) })}
            </Text>
          )}
        </Group>
      </Group>
      {draft === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-comment-body">
          {comment.body}
        </Text>
      ) : (
        <Stack gap="xs">
          <Textarea
            aria-label={t('conversation.editLabel')}
            rows={3}
            value={draft}
            error={error}
            onChange={(event) => edit(event.currentTarget.value)}
            data-testid="ticket-comment-editor"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => edit(null)} data-testid="ticket-comment-cancel">
              {t('actions.cancel')}
            </Button>
            <Button
              size="xs"
              loading={update.isPending}
              onClick={() => void handleSave()}
              data-testid="ticket-comment-save"
            >
              {t('conversation.save')}
            </Button>
          </Group>
        </Stack>
      )}
      <TicketAttachments attachments={comment.attachments} mayRemove={mayRemove} />
      {draft === null && (mayEdit || mayDelete) && (
        <Group gap="xs" mt="xs" justify="flex-end">
          {mayEdit && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconPencil size={12} aria-hidden />}
              onClick={() => edit(comment.body)}
              data-testid="ticket-comment-edit"
            >
              {t('conversation.edit')}
            </Button>
          )}
          {mayDelete && (
            <Button
              variant="subtle"
              color="red"
              size="compact-xs"
              leftSection={<IconTrash size={12} aria-hidden />}
              onClick={() => onDelete(comment)}
              data-testid="ticket-comment-delete"
            >
              {t('conversation.delete')}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
