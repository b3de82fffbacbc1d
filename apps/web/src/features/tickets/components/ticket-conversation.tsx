import {
  mayDeleteTicketComment,
  mayEditTicketComment,
  type TicketAttachment,
  type TicketComment,
  type TicketStatus,
} from '@cuspid/contracts/tickets';
import { Button, Card, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddComment, useDeleteComment } from '../api/tickets';
import { TicketCommentCard } from './ticket-comment-card';
import { filesFit, TicketFilesInput } from './ticket-files-input';

type TicketConversationProps = {
  ticketId: string;
  comments: TicketComment[];
  isStaff: boolean;
  /** The signed-in user: the author who edits and deletes its own comments. */
  userId: string | undefined;
  /** The ticket's status: a customer changes nothing of a resolved ticket's conversation. */
  ticketStatus: TicketStatus;
  mayRemove: (attachment: TicketAttachment) => boolean;
  /** Tells the page's unsaved-changes guard whether a reply or an edit is being written. */
  onDraftChange: (hasDraft: boolean) => void;
};

/**
 * A ticket's conversation, oldest first: public answers, and for the support team its internal notes (marked, on a
 * tinted card). Its author edits a comment in place and deletes it (the support team any comment) after
 * confirming (ADR 0112). The reply box writes a public answer, or for the support team an internal note.
 */
export function TicketConversation({
  ticketId,
  comments,
  isStaff,
  userId,
  ticketStatus,
  mayRemove,
  onDraftChange,
}: TicketConversationProps) {
  const { t } = useTranslation('tickets');
  const add = useAddComment(ticketId);
  const removeComment = useDeleteComment();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [visibility, setVisibility] = useState<'public' | 'internal'>('public');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<TicketComment | null>(null);
  const [replyDraft, setReplyDraft] = useState(false);
  const [editDrafts, setEditDrafts] = useState<ReadonlySet<string>>(new Set());
  const caller = { userId, isStaff };

  const update = (nextBody: string, nextFiles: File[]) => {
    setBody(nextBody);
    setFiles(nextFiles);
    const hasReply = nextBody.trim() !== '' || nextFiles.length > 0;
    setReplyDraft(hasReply);
    onDraftChange(hasReply || editDrafts.size > 0);
  };

  const editingChange = (commentId: string, dirty: boolean) => {
    const next = new Set(editDrafts);
    if (dirty) next.add(commentId);
    else next.delete(commentId);
    setEditDrafts(next);
    onDraftChange(replyDraft || next.size > 0);
  };

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await removeComment.mutateAsync(deleting.id);
      notifySuccess(t('conversation.commentDeleted'));
      editingChange(deleting.id, false);
      setDeleting(null);
    } catch (caught) {
      notifyError(caught);
    }
  };

  const handleSend = async () => {
    if (!body.trim()) {
      setError(t('form.bodyRequired'));
      return;
    }
    if (!filesFit(files)) return;
    try {
      await add.mutateAsync({ body, isInternal: isStaff && visibility === 'internal', files });
      notifySuccess(visibility === 'internal' && isStaff ? t('conversation.noteAdded') : t('conversation.answerSent'));
      update('', []);
      setError(undefined);
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md" data-testid="ticket-conversation">
      {comments.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('conversation.empty')}
        </Text>
      )}
      {comments.map((comment) => (
        <TicketCommentCard
          key={comment.id}
          comment={comment}
          mayEdit={mayEditTicketComment(comment, caller, ticketStatus)}
          mayDelete={mayDeleteTicketComment(comment, caller, ticketStatus)}
          mayRemove={mayRemove}
          onDelete={setDeleting}
          onEditingChange={(dirty) => editingChange(comment.id, dirty)}
        />
      ))}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {isStaff && (
            <SegmentedControl
              aria-label={t('conversation.visibility')}
              value={visibility}
              onChange={(value) => setVisibility(value as 'public' | 'internal')}
              data={[
                { value: 'public', label: t('conversation.public') },
                { value: 'internal', label: t('conversation.internal') },
              ]}
              data-testid="ticket-reply-visibility"
            />
          )}
          <Textarea
            label={isStaff && visibility === 'internal' ? t('conversation.noteLabel') : t('conversation.replyLabel')}
            description={isStaff && visibility === 'internal' ? t('conversation.noteHint') : undefined}
            rows={4}
            value={body}
            error={error}
            onChange={(event) => {
              setError(undefined);
              update(event.currentTarget.value, files);
            }}
            data-testid="ticket-reply-body"
          />
          <TicketFilesInput value={files} onChange={(next) => update(body, next)} data-testid="ticket-reply-files" />
          <Group justify="flex-end">
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              color={isStaff && visibility === 'internal' ? 'yellow' : undefined}
              loading={add.isPending}
              onClick={() => void handleSend()}
              data-testid="ticket-reply-send"
            >
              {isStaff && visibility === 'internal' ? t('conversation.addNote') : t('conversation.send')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <ConfirmDeleteModal
        opened={deleting !== null}
        subject={
          deleting
            ? t('conversation.deleteSubject', { author: deleting.author_name ?? t('conversation.unknownAuthor') })
            : undefined
        }
        details={
          deleting?.attachments.length
            ? t('conversation.deleteFiles', { count: deleting.attachments.length })
            : undefined
        }
        loading={removeComment.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
