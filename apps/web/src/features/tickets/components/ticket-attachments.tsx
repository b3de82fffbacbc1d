import type { TicketAttachment } from '@cuspid/contracts/tickets';
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { downloadTicketAttachment, useRemoveAttachment } from '../api/tickets';

type TicketAttachmentsProps = {
  attachments: TicketAttachment[];
  /** Whether the caller may remove this file (the support team any, a customer its own uploads). */
  mayRemove: (attachment: TicketAttachment) => boolean;
};

/** A message's files: each downloads with the session; a removable one has a remove button that asks first. */
export function TicketAttachments({ attachments, mayRemove }: TicketAttachmentsProps) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const remove = useRemoveAttachment();
  const [removing, setRemoving] = useState<TicketAttachment | null>(null);
  if (attachments.length === 0) return null;

  const handleDownload = async (attachment: TicketAttachment) => {
    try {
      await downloadTicketAttachment(attachment);
    } catch (error) {
      notifyError(error);
    }
  };

  const handleRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notifySuccess(t('attachments.removed', { name: removing.file_name }));
      setRemoving(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="ticket-attachments">
        {attachments.map((attachment) => (
          <Group key={attachment.id} gap={4} wrap="nowrap" data-testid="ticket-attachment">
            <IconPaperclip size={14} aria-hidden />
            <Anchor component="button" type="button" size="sm" onClick={() => void handleDownload(attachment)}>
              {attachment.file_name}
            </Anchor>
            <Text span size="xs" c="dimmed">
              ({format.fileSize(attachment.size)})
            </Text>
            {mayRemove(attachment) && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('attachments.remove', { name: attachment.file_name })}
                onClick={() => setRemoving(attachment)}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Group>
      <ConfirmDeleteModal
        opened={removing !== null}
        subject={removing?.file_name}
        loading={remove.isPending}
        onConfirm={() => void handleRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
