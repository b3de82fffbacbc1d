import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ConfirmDeleteModalProps = {
  opened: boolean;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Spec section 8: 'Do you want to delete this record?' with 'You can't revert your action'. */
export function ConfirmDeleteModal({ opened, loading = false, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  const { t } = useTranslation('documents');
  return (
    <Modal opened={opened} onClose={onCancel} title={t('confirmDelete.title')} centered>
      <Text mb="lg">{t('confirmDelete.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('confirmDelete.cancel')}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm} data-testid="confirm-delete">
          {t('confirmDelete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
