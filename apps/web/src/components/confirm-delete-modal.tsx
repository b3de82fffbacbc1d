import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

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
export function ConfirmDeleteModal({ subject, details, ...props }: ConfirmDeleteModalProps) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      {...props}
      title={t('delete.title')}
      question={t('delete.question')}
      subject={subject}
      details={details}
      warning={t('delete.warning')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      testIds={{ dialog: 'confirm-delete', subject: 'confirm-delete-subject', confirm: 'confirm-delete-submit' }}
    />
  );
}
