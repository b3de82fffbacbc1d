import {
  CREDIT_TYPES,
  type CreditType,
  grantCreditsSchema,
  MANUAL_CREDIT_REASONS,
  MAX_CREDITS_PER_BOOKING,
  type ManualCreditReason,
} from '@cuspid/contracts/credits';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconCoins } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors, translateValidationMessage } from '../../../lib/form-validation';
import { toIntlLocale } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGrantCredits } from '../api/credits';

type Values = { credit_type: CreditType; reason: ManualCreditReason; amount: number | string; note: string };

const INITIAL: Values = { credit_type: 'free', reason: 'manual_grant', amount: '', note: '' };

// The contracts' English messages of grantCreditsSchema (also what the server answers), in the user's language.
const MESSAGE_KEYS: Record<string, string> = {
  'The amount cannot be 0': 'credits:grant.errors.zero',
  'A grant adds credits: the amount must be positive': 'credits:grant.errors.positive',
  'An expiry takes credits: the amount must be negative': 'credits:grant.errors.negative',
  'Say in a few words why (at least 3 characters)': 'credits:grant.errors.note',
};

/** A server refusal's message in the user's language. */
function translate(message: string): string {
  const key = MESSAGE_KEYS[message];
  return key ? i18n.t(key) : translateValidationMessage(message);
}

/** The form's errors from grantCreditsSchema, first per field, in the user's language. */
export function grantErrors(companyId: string, values: Values): FormErrors {
  const amount = values.amount === '' ? undefined : Number(values.amount);
  return schemaErrors(
    grantCreditsSchema,
    { ...values, company_id: companyId, amount },
    {
      word: (issue, path) => {
        if (path === 'amount' && amount === undefined) return i18n.t('validation:required');
        if (path === 'amount' && (issue.code === 'too_big' || issue.code === 'too_small'))
          return i18n.t('credits:grant.errors.tooBig', {
            max: new Intl.NumberFormat(toIntlLocale(i18n.language)).format(MAX_CREDITS_PER_BOOKING),
          });
        if (path === 'amount' && issue.code === 'invalid_type') return i18n.t('validation:invalid');
        const key = MESSAGE_KEYS[issue.message];
        return key ? i18n.t(key) : undefined;
      },
    },
  );
}

type GrantCreditsModalProps = { companyId: string; opened: boolean; onClose: () => void };

/**
 * Staff book credits by hand (POST /grant-credits): a grant (positive), an expiry (negative) or a correction
 * (either sign), always with a note. The ledger then holds the entry for good.
 */
export function GrantCreditsModal({ companyId, opened, onClose }: GrantCreditsModalProps) {
  const { t } = useTranslation('credits');
  const grant = useGrantCredits();
  const form = useForm<Values>({ initialValues: INITIAL, validate: (values) => grantErrors(companyId, values) });
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens
  useEffect(() => {
    if (opened) reset();
  }, [opened]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const result = await grant.mutateAsync(
        grantCreditsSchema.parse({ ...values, company_id: companyId, amount: Number(values.amount) }),
      );
      notifySuccess(t('grant.done', { total: result.balance.total }));
      onClose();
    } catch (error) {
      // The server's field errors carry the contracts' English messages.
      notifyError(error, {
        setErrors: (errors) =>
          form.setErrors(
            Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translate(String(message))])),
          ),
      });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('grant.title')} centered>
      <form onSubmit={handleSubmit} noValidate data-testid="grant-credits-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('grant.intro')}
          </Text>
          <NativeSelect
            label={t('grant.reason')}
            required
            data={MANUAL_CREDIT_REASONS.map((reason) => ({ value: reason, label: t(`reason.${reason}`) }))}
            data-testid="grant-credits-reason"
            {...form.getInputProps('reason')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="grant-credits-type-label">
              {t('grant.creditType')}
            </Text>
            <SegmentedControl
              aria-labelledby="grant-credits-type-label"
              data={CREDIT_TYPES.map((type) => ({ value: type, label: t(`creditType.${type}`) }))}
              data-testid="grant-credits-type"
              {...form.getInputProps('credit_type')}
            />
          </Stack>
          <NumberInput
            label={t('grant.amount')}
            description={t(`grant.amountHint.${form.values.reason}`)}
            required
            allowDecimal={false}
            allowNegative={form.values.reason !== 'manual_grant'}
            min={-MAX_CREDITS_PER_BOOKING}
            max={MAX_CREDITS_PER_BOOKING}
            data-autofocus
            data-testid="grant-credits-amount"
            {...form.getInputProps('amount')}
          />
          <Textarea
            label={t('grant.note')}
            placeholder={t('grant.notePlaceholder')}
            required
            rows={3}
            maxLength={500}
            data-testid="grant-credits-note"
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('grant.cancel')}
            </Button>
            <Button type="submit" loading={grant.isPending} data-testid="grant-credits-submit">
              {t('grant.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The button that opens the grant form, with the form. Show it only to staff holding backoffice-grant-credit. */
export function GrantCreditsButton({ companyId }: { companyId: string }) {
  const { t } = useTranslation('credits');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconCoins size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="grant-credits-open"
      >
        {t('grant.open')}
      </Button>
      <GrantCreditsModal companyId={companyId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
