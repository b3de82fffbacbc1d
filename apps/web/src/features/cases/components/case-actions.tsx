import { type Case, isProcessing, requeuePricing } from '@cuspid/contracts/cases';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconFlag,
  IconLock,
  IconLockOpen,
  IconMail,
  IconRefresh,
  IconTransfer,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { CasePrice, ToothChart, type ToothSelection } from '../../packages';
import { useApproveCase, useLockCase, useRequeueCase, useSendApproveMail, useUpdateStatus } from '../api/cases';
import { mayMove, reachableStatuses, type useCaseAbilities } from './case-moves';

type Abilities = ReturnType<typeof useCaseAbilities>;

function RecalculateModal({ item, opened, onClose }: { item: Case; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['cases', 'errors']);
  const requeue = useRequeueCase();
  const [teeth, setTeeth] = useState<ToothSelection>({ upper: item.upper_teeth, lower: item.lower_teeth });
  const [refusal, setRefusal] = useState<string | null>(null);
  // Reviewed cases are recalculated at the recalculation factor; failed and unsupported ones were refunded and cost the full price.
  const pricing = requeuePricing(item.status);
  const handleSubmit = async () => {
    setRefusal(null);
    try {
      await requeue.mutateAsync({ id: item.id, upper_teeth: teeth.upper, lower_teeth: teeth.lower });
      notifySuccess(t('recalculate.queued'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) setRefusal(t('errors:NOT_ENOUGH_CREDITS_TO_RECALCULATE'));
      else setRefusal(errorMessage(error));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('recalculate.title')} size="xl" centered>
      <Stack gap="md" data-testid="recalculate-modal">
        <Text size="sm" c="dimmed">
          {pricing === 'full' ? t('recalculate.introFull') : t('recalculate.intro')}
        </Text>
        <ToothChart value={teeth} onChange={setTeeth} label={t('form.teethLabel')} />
        <CasePrice
          upperTeeth={teeth.upper}
          lowerTeeth={teeth.lower}
          recalculation={pricing !== 'full'}
          companyId={item.company_id}
          showBalance
        />
        {refusal && (
          <Alert color="red" role="alert" data-testid="recalculate-error">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={() => void handleSubmit()}
            loading={requeue.isPending}
            disabled={teeth.upper.length + teeth.lower.length === 0}
            data-testid="recalculate-submit"
          >
            {t('recalculate.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The actions on one case, each shown to who holds its permission and offered when the state machine allows it. */
export function CaseActions({
  item,
  abilities,
  lockedByOther,
}: {
  item: Case;
  abilities: Abilities;
  lockedByOther: boolean;
}) {
  const { t } = useTranslation(['cases', 'common']);
  const approve = useApproveCase();
  const updateStatus = useUpdateStatus();
  const lock = useLockCase(item.id);
  const sendMail = useSendApproveMail(item.id);
  const [dialog, setDialog] = useState<
    'approve' | 'reject' | 'finish' | 'recalculate' | 'trash' | 'status' | 'mail' | null
  >(null);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState('');
  const [mail, setMail] = useState('');
  const { mover } = abilities;
  const close = () => {
    setDialog(null);
    setReason('');
    setStatus('');
    setMail('');
  };

  const attempt = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      notifySuccess(success);
      close();
    } catch (error) {
      notifyError(error);
    }
  };

  // A lock someone else holds refuses every change (the server answers "locked by …"): none is offered.
  const free = !lockedByOther;
  const canApprove = free && abilities.approve && mayMove(item, 'approved', mover);
  const canReject = free && abilities.approve && mayMove(item, 'rejected', mover);
  const canRecalculate =
    free && abilities.recalculate && requeuePricing(item.status) !== null && mayMove(item, 'queued', mover);
  const canTrash = free && abilities.delete && mayMove(item, 'trash', mover);
  const restoreTo = item.status === 'trash' ? item.previous_status : null;
  const canRestore = free && abilities.delete && restoreTo !== null && mayMove(item, restoreTo, mover);
  const statusChoices = free && abilities.status ? reachableStatuses([item], mover) : [];
  const canLock = free && abilities.lock && !isProcessing(item.status);
  // The practice's last step after approving (the spec's `finished`); staff reach it through "Change status".
  const canFinish = free && !abilities.isStaff && mayMove(item, 'finished', mover);
  // The approval mail asks the customer to review results: only while there are results waiting for it.
  const canSendMail =
    abilities.approve && item.result_count > 0 && (item.status === 'done' || item.status === 'in-approval');

  return (
    <>
      <Group gap="xs" data-testid="case-actions">
        {canApprove && (
          <Button
            size="sm"
            color="green"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => setDialog('approve')}
            data-testid="case-approve"
          >
            {t('actions.approve')}
          </Button>
        )}
        {canReject && (
          <Button
            size="sm"
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setDialog('reject')}
            data-testid="case-reject"
          >
            {t('actions.reject')}
          </Button>
        )}
        {canFinish && (
          <Button
            size="sm"
            color="teal"
            leftSection={<IconFlag size={16} aria-hidden />}
            onClick={() => setDialog('finish')}
            data-testid="case-finish"
          >
            {t('actions.finish')}
          </Button>
        )}
        {canRecalculate && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setDialog('recalculate')}
            data-testid="case-recalculate"
          >
            {t('actions.recalculate')}
          </Button>
        )}
        {canLock &&
          (item.locked_by ? (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              loading={lock.isPending}
              onClick={() => void attempt(() => lock.mutateAsync(false), t('actionsDone.unlocked'))}
              data-testid="case-unlock"
            >
              {t('actions.unlock')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconLock size={16} aria-hidden />}
              loading={lock.isPending}
              onClick={() => void attempt(() => lock.mutateAsync(true), t('actionsDone.locked'))}
              data-testid="case-lock"
            >
              {t('actions.lock')}
            </Button>
          ))}
        {statusChoices.length > 0 && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconTransfer size={16} aria-hidden />}
            onClick={() => setDialog('status')}
            data-testid="case-change-status"
          >
            {t('actions.changeStatus')}
          </Button>
        )}
        {canSendMail && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconMail size={16} aria-hidden />}
            onClick={() => setDialog('mail')}
            data-testid="case-send-mail"
          >
            {t('actions.sendApproveMail')}
          </Button>
        )}
        {canRestore && restoreTo && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={updateStatus.isPending}
            onClick={() =>
              void attempt(
                () => updateStatus.mutateAsync({ id: item.id, status: restoreTo }),
                t('actionsDone.restored', { status: t(`status.${restoreTo}`) }),
              )
            }
            data-testid="case-restore"
          >
            {t('actions.restore')}
          </Button>
        )}
        {canTrash && (
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDialog('trash')}
            data-testid="case-trash"
          >
            {t('actions.trash')}
          </Button>
        )}
      </Group>

      <Modal opened={dialog === 'reject'} onClose={close} title={t('actions.reject')} centered>
        <Stack gap="sm">
          <Text size="sm" data-testid="case-reject-follows">
            {t('reject.follows')}
          </Text>
          <Textarea
            label={t('reject.reason')}
            description={t('reject.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={approve.isPending}
              onClick={() =>
                void attempt(
                  () => approve.mutateAsync({ id: item.id, approved: false, reason: reason.trim() || null }),
                  t('actionsDone.rejected'),
                )
              }
              data-testid="case-reject-confirm"
            >
              {t('actions.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'status'} onClose={close} title={t('actions.changeStatus')} centered>
        <Stack gap="sm">
          <NativeSelect
            label={t('bulk.nextStatus')}
            data={[
              { value: '', label: t('bulk.chooseStatus') },
              ...statusChoices.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value)}
            data-autofocus
            data-testid="case-status-select"
          />
          <Textarea label={t('bulk.note')} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              disabled={!statusChoices.includes(status as never)}
              loading={updateStatus.isPending}
              onClick={() =>
                void attempt(
                  () =>
                    updateStatus.mutateAsync({
                      id: item.id,
                      status: status as Case['status'],
                      note: reason.trim() || null,
                    }),
                  t('actionsDone.statusChanged'),
                )
              }
            >
              {t('bulk.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'mail'} onClose={close} title={t('actions.sendApproveMail')} centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('mail.intro')}
          </Text>
          <TextInput
            type="email"
            label={t('mail.address')}
            description={t('mail.addressHint')}
            value={mail}
            onChange={(event) => setMail(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              loading={sendMail.isPending}
              onClick={() =>
                void attempt(() => sendMail.mutateAsync(mail.trim() ? { mail: mail.trim() } : {}), t('mail.sent'))
              }
              data-testid="case-send-mail-confirm"
            >
              {t('mail.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={dialog === 'approve'}
        onCancel={close}
        onConfirm={() =>
          void attempt(() => approve.mutateAsync({ id: item.id, approved: true }), t('actionsDone.approved'))
        }
        loading={approve.isPending}
        title={t('actions.approve')}
        question={t('approve.question')}
        subject={item.name}
        details={<Text size="sm">{t('approve.follows')}</Text>}
        confirmLabel={t('actions.approve')}
        cancelLabel={t('actions.cancel')}
        confirmColor="green"
        testIds={{ dialog: 'case-approve-dialog', confirm: 'case-approve-confirm' }}
      />

      <ConfirmDialog
        opened={dialog === 'finish'}
        onCancel={close}
        onConfirm={() =>
          void attempt(() => updateStatus.mutateAsync({ id: item.id, status: 'finished' }), t('actionsDone.finished'))
        }
        loading={updateStatus.isPending}
        title={t('actions.finish')}
        question={t('finish.question')}
        subject={item.name}
        details={<Text size="sm">{t('finish.follows')}</Text>}
        confirmLabel={t('actions.finish')}
        cancelLabel={t('actions.cancel')}
        confirmColor="green"
        testIds={{ dialog: 'case-finish-dialog', confirm: 'case-finish-confirm' }}
      />

      {dialog === 'recalculate' && <RecalculateModal item={item} opened onClose={close} />}

      <ConfirmDialog
        opened={dialog === 'trash'}
        onCancel={close}
        onConfirm={() =>
          void attempt(() => updateStatus.mutateAsync({ id: item.id, status: 'trash' }), t('actionsDone.trashed'))
        }
        loading={updateStatus.isPending}
        title={t('actions.trash')}
        question={t('bulk.trashQuestion', { count: 1 })}
        subject={item.name}
        confirmLabel={t('actions.trash')}
        cancelLabel={t('actions.cancel')}
        testIds={{ dialog: 'case-trash-dialog', confirm: 'case-trash-confirm' }}
      />
    </>
  );
}
