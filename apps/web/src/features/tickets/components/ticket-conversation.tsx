import type { TicketAttachment, TicketComment } from '@cuspid/contracts/tickets';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useAddComment } from '../api/tickets';
import { TicketAttachments } from './ticket-attachments';
import { filesFit, TicketFilesInput } from './ticket-files-input';

type TicketConversationProps = {
  ticketId: string;
  comments: TicketComment[];
  isStaff: boolean;
  mayRemove: (attachment: TicketAttachment) => boolean;
  /** Tells the page's unsaved-changes guard whether a reply is being written. */
  onDraftChange: (hasDraft: boolean) => void;
};

/**
 * A ticket's conversation, oldest first: public answers, and for the support team its internal notes (marked, on a
 * tinted card). The reply box writes a public answer, or for the support team an internal note.
 */
export function TicketConversation({ ticketId, comments, isStaff, mayRemove, onDraftChange }: TicketConversationProps) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const add = useAddComment(ticketId);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [visibility, setVisibility] = useState<'public' | 'internal'>('public');
  const [error, setError] = useState<string | undefined>();

  const update = (nextBody: string, nextFiles: File[]) => {
    setBody(nextBody);
    setFiles(nextFiles);
    onDraftChange(nextBody.trim() !== '' || nextFiles.length > 0);
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
        <Card
          key={comment.id}
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
            <Text size="xs" c="dimmed" title={format.date(comment.created_at, true)}>
              {format.relativeTime(comment.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {comment.body}
          </Text>
          <TicketAttachments attachments={comment.attachments} mayRemove={mayRemove} />
        </Card>
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
    </Stack>
  );
}
