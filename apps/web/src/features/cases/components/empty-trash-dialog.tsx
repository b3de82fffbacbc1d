import type { EmptyTrashResult } from '@cuspid/contracts/cases';
import { Alert, Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useEmptyTrash, useEmptyTrashQuestion } from '../api/cases';

type EmptyTrashDialogProps = {
  opened: boolean;
  /** The list's company filter: that company's trash, or ('') every company the user may see. */
  companyId: string;
  onClose: () => void;
};

/**
 * Empty trash (ADR 0116): asks with what it will delete, per company, as the server counts it (a dry run of the
 * same call), and answers with what it deleted, per company. Cases someone else holds locked stay, and are named.
 */
export function EmptyTrashDialog({ opened, companyId, onClose }: EmptyTrashDialogProps) {
  const { t } = useTranslation(['cases', 'common']);
  const [result, setResult] = useState<EmptyTrashResult | null>(null);
  const question = useEmptyTrashQuestion(companyId, opened && result === null);
  const emptyTrash = useEmptyTrash();
  const asked = question.isSuccess && !question.isFetching ? question.data : undefined;

  const handleConfirm = async () => {
    try {
      setResult(await emptyTrash.mutateAsync(companyId));
    } catch (error) {
      notifyError(error);
    }
  };
  const handleClose = () => {
    setResult(null);
    onClose();
  };

  return (
    <>
      <ConfirmDialog
        opened={opened && result === null}
        onCancel={handleClose}
        onConfirm={() => void handleConfirm()}
        loading={emptyTrash.isPending}
        canConfirm={(asked?.deleted ?? 0) > 0}
        title={t('bulk.emptyTrash')}
        question={
          question.isError
            ? t('bulk.trashCountFailed')
            : !asked
              ? t('bulk.trashCounting')
              : asked.deleted > 0
                ? t('bulk.emptyTrashQuestion', { count: asked.deleted })
                : t('bulk.trashNothing')
        }
        details={
          question.isError ? (
            <Alert color="red">
              <Text size="sm" mb="sm">
                {errorMessage(question.error)}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void question.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </Alert>
          ) : (
            asked && <TrashPerCompany companies={asked.companies} />
          )
        }
        warning={asked && asked.deleted > 0 ? t('common:delete.warning') : undefined}
        confirmLabel={t('bulk.emptyTrash')}
        cancelLabel={t('actions.cancel')}
        testIds={{ dialog: 'cases-empty-trash-confirm', confirm: 'cases-empty-trash-confirm-button' }}
      />
      <Modal
        opened={result !== null}
        onClose={handleClose}
        title={t('bulk.resultTitle', { action: t('bulk.emptyTrash') })}
        centered
      >
        <Stack gap="sm" data-testid="empty-trash-result">
          <Alert color="green" data-testid="empty-trash-result-summary">
            {t('bulk.trashEmptied', { count: result?.deleted ?? 0 })}
          </Alert>
          <TrashPerCompany companies={result?.companies ?? []} />
          <Group justify="flex-end">
            <Button onClick={handleClose} data-autofocus>
              {t('actions.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Per company: its cases in the question or the result, and those that stay because someone holds them locked. */
function TrashPerCompany({ companies }: { companies: EmptyTrashResult['companies'] }) {
  const { t } = useTranslation('cases');
  if (!companies.length) return null;
  return (
    <ScrollArea.Autosize mah={240} type="auto">
      <List spacing={4} size="sm" aria-label={t('bulk.perCompany')} data-testid="empty-trash-companies">
        {companies.map((entry) => (
          <List.Item key={entry.company_id} data-testid="empty-trash-company">
            {t('bulk.trashCompany', { company: entry.company_name, count: entry.deleted })}
            {entry.locked > 0 && (
              <Text span size="sm" c="orange">
                {' · '}
                {t('bulk.trashLocked', { count: entry.locked })}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}
