import { INVOICE_TRANSITIONS, type Invoice, type InvoiceMail, type InvoiceStatus } from '@cuspid/contracts/invoices';
import { Button, Group, Text } from '@mantine/core';
import { IconCash, IconPlayerPause, IconPlayerPlay, IconReceiptOff, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteAction, EditAction } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeInvoiceStatus, useDeleteInvoice, useSetDunningPaused } from '../api/invoices';
import { invoicePaths } from '../paths';

type Move = Exclude<InvoiceStatus, 'draft'>;

/** The issue toast: the number, and where the invoice mail went as the answer says (never a mail not sent). */
function issuedText(t: TFunction, number: string, mail: InvoiceMail | null): string {
  const to = mail?.to.join(', ') ?? '';
  if (!mail) return t('actions.issued', { number });
  if (mail.to.length)
    return mail.recipients === 'owners'
      ? t('actions.issuedMailedToOwners', { number, to })
      : t('actions.issuedMailed', { number, to });
  return mail.not_sent === 'no-template'
    ? t('actions.issuedNotMailedNoTemplate', { number })
    : t('actions.issuedNotMailedNoRecipient', { number });
}

const MOVES: Record<Move, { label: string; done: string; icon: typeof IconSend; testId: string }> = {
  open: { label: 'actions.issue', done: 'actions.issued', icon: IconSend, testId: 'invoice-issue' },
  paid: { label: 'actions.markPaid', done: 'actions.markedPaid', icon: IconCash, testId: 'invoice-mark-paid' },
  cancelled: { label: 'actions.cancel', done: 'actions.cancelled', icon: IconReceiptOff, testId: 'invoice-cancel' },
};

/**
 * What the back office may do with an invoice in its status, and nothing else: a draft is edited, issued or
 * deleted; an issued one marked paid or cancelled (with a credit note, after asking), its reminders paused or
 * resumed while it is open; a cancelled one is final (INVOICE_TRANSITIONS).
 */
export function InvoiceActions({ invoice, name }: { invoice: Invoice; name: string }) {
  const { t } = useTranslation(['invoices', 'common']);
  const navigate = useNavigate();
  const change = useChangeInvoiceStatus();
  const dunning = useSetDunningPaused();
  const remove = useDeleteInvoice();
  const [confirming, setConfirming] = useState<'cancel' | 'delete' | null>(null);
  const [moving, setMoving] = useState<Move | null>(null);
  const moves = INVOICE_TRANSITIONS[invoice.status].filter((to): to is Move => to !== 'draft');
  const isDraft = invoice.status === 'draft';

  const handleMove = async (to: Move) => {
    setMoving(to);
    try {
      const changed = await change.mutateAsync({ id: invoice.id, status: to });
      notifySuccess(
        to === 'open'
          ? issuedText(t, changed.number ?? '', changed.invoice_mail)
          : t(MOVES[to].done, { number: changed.number ?? '' }),
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setMoving(null);
      setConfirming(null);
    }
  };

  const handleDunning = async () => {
    try {
      const paused = !invoice.dunning_paused;
      await dunning.mutateAsync({ id: invoice.id, paused });
      notifySuccess(t(paused ? 'actions.dunningPaused' : 'actions.dunningResumed'));
    } catch (error) {
      notifyError(error);
    }
  };

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(invoice.id);
      notifySuccess(t('actions.deleted'));
      void navigate(invoicePaths.invoices);
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Group gap="xs" data-testid="invoice-actions">
      {isDraft && (
        <EditAction to={invoicePaths.invoiceEdit(invoice.id)} data-testid="invoice-edit">
          {t('actions.edit')}
        </EditAction>
      )}
      {moves.map((to) => {
        const { label, icon: Icon, testId } = MOVES[to];
        return (
          <Button
            key={to}
            variant={to === 'cancelled' ? 'light' : 'filled'}
            color={to === 'cancelled' ? 'red' : undefined}
            leftSection={<Icon size={16} aria-hidden />}
            loading={moving === to && to !== 'cancelled'}
            disabled={moving !== null}
            onClick={() => (to === 'cancelled' ? setConfirming('cancel') : void handleMove(to))}
            data-testid={testId}
          >
            {t(label)}
          </Button>
        );
      })}
      {invoice.status === 'open' && invoice.type === 'invoice' && (
        <Button
          variant="default"
          leftSection={
            invoice.dunning_paused ? (
              <IconPlayerPlay size={16} aria-hidden />
            ) : (
              <IconPlayerPause size={16} aria-hidden />
            )
          }
          loading={dunning.isPending}
          onClick={() => void handleDunning()}
          data-testid="invoice-dunning"
        >
          {invoice.dunning_paused ? t('actions.resumeDunning') : t('actions.pauseDunning')}
        </Button>
      )}
      {isDraft && (
        <DeleteAction onClick={() => setConfirming('delete')} data-testid="invoice-delete">
          {t('actions.delete')}
        </DeleteAction>
      )}
      <ConfirmDialog
        opened={confirming === 'cancel'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void handleMove('cancelled')}
        loading={moving === 'cancelled'}
        title={t('cancel.title')}
        question={t('cancel.question')}
        subject={name}
        details={<Text size="sm">{invoice.status === 'paid' ? t('cancel.paidDetails') : t('cancel.openDetails')}</Text>}
        warning={t('common:delete.warning')}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        testIds={{ dialog: 'invoice-cancel-dialog', confirm: 'invoice-cancel-confirm' }}
      />
      <ConfirmDeleteModal
        opened={confirming === 'delete'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void handleDelete()}
        loading={remove.isPending}
        subject={name}
      />
    </Group>
  );
}
