import { INVOICE_SUMMARY_MESSAGES, invoiceSummaryMailSchema, MAX_SUMMARY_RECIPIENTS } from '@cuspid/contracts/invoices';
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors, translateValidationMessage } from '../../../lib/form-validation';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type SummaryPeriod, useSendSummaryMail } from '../api/invoice-summary';

type Values = { to: string[] };

/** The recipients' errors (the contracts' messages, per address or for the list), on the one field. */
function recipientErrors(errors: Record<string, unknown>): FormErrors {
  const first = Object.entries(errors).find(([field]) => field === 'to' || field.startsWith('to.'))?.[1];
  if (first === undefined) return {};
  const message = String(first);
  return {
    to:
      message === INVOICE_SUMMARY_MESSAGES.recipients
        ? i18n.t('invoice-summary:mail.recipientsLimit', { max: MAX_SUMMARY_RECIPIENTS })
        : translateValidationMessage(message),
  };
}

export function summaryMailErrors(period: SummaryPeriod, values: Values): FormErrors {
  const { to } = schemaErrors(
    invoiceSummaryMailSchema,
    { ...period, to: values.to.length ? values.to : undefined },
    {
      word: (issue) =>
        issue.message === INVOICE_SUMMARY_MESSAGES.recipients
          ? i18n.t('invoice-summary:mail.recipientsLimit', { max: MAX_SUMMARY_RECIPIENTS })
          : undefined,
      field: (path) => (path.startsWith('to.') ? 'to' : path),
    },
  );
  return to ? { to } : {};
}

type SendSummaryMailModalProps = { period: SummaryPeriod; opened: boolean; onClose: () => void };

/**
 * Mails the summary of the period shown (the CSV attached) to the addresses entered, or to the user when none is
 * entered. The mail is queued: it goes out in the background.
 */
export function SendSummaryMailModal({ period, opened, onClose }: SendSummaryMailModalProps) {
  const { t } = useTranslation('invoice-summary');
  const send = useSendSummaryMail();
  const form = useForm<Values>({ initialValues: { to: [] }, validate: (values) => summaryMailErrors(period, values) });
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens
  useEffect(() => {
    if (opened) reset();
  }, [opened]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const result = await send.mutateAsync({ ...period, ...(values.to.length ? { to: values.to } : {}) });
      notifySuccess(t('mail.queued', { count: result.recipients.length, recipients: result.recipients.join(', ') }));
      onClose();
    } catch (error) {
      notifyError(error, { setErrors: (errors) => form.setErrors(recipientErrors(errors)) });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('mail.title')} centered>
      <form onSubmit={handleSubmit} noValidate data-testid="summary-mail-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('mail.intro')}
          </Text>
          <TagsInput
            label={t('mail.recipients')}
            description={t('mail.recipientsHint')}
            placeholder={t('mail.recipientsPlaceholder')}
            maxTags={MAX_SUMMARY_RECIPIENTS}
            splitChars={[',', ' ', ';']}
            clearable
            data-autofocus
            data-testid="summary-mail-recipients"
            {...form.getInputProps('to')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('mail.cancel')}
            </Button>
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconMail size={16} aria-hidden />}
              data-testid="summary-mail-send"
            >
              {t('mail.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
