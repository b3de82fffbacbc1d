import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDeleteModalProps = {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  /** What is deleted, shown under the spec's question. */
  subject?: string;
  /** What else the deletion does (e.g. the records it is taken off). */
  details?: ReactNode;
};

/** Spec section 8: 'Do you want to delete this record?' with 'You can't revert your action'. */
export function ConfirmDeleteModal({
  opened,
  onCancel,
  onConfirm,
  loading = false,
  subject,
  details,
}: ConfirmDeleteModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onCancel} title={t('delete.title')} centered data-testid="confirm-delete">
      <Stack>
        <Text>{t('delete.question')}</Text>
        {subject && (
          <Text fw={600} data-testid="confirm-delete-subject">
            {subject}
          </Text>
        )}
        {details}
        <Text size="sm" c="dimmed">
          {t('delete.warning')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-testid="confirm-delete-submit">
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
