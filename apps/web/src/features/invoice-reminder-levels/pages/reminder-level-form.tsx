import { DEFAULT_CURRENCY } from '@cuspid/contracts';
import {
  MAX_REMINDER_LEVEL,
  MAX_REMINDER_PERIOD_DAYS,
  REMINDER_TEXT_MAX,
  type ReminderLevel,
  reminderLevelInputSchema,
  reminderLevelUpdateSchema,
} from '@cuspid/contracts/reminder-levels';
import { Card, Container, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { schemaErrors } from '../../../lib/form-validation';
import { amountToCents, centsToAmount } from '../../../lib/money';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useReminderLevel, useSaveReminderLevel } from '../api/reminder-levels';
import { reminderLevelPaths } from '../paths';

type NumberValue = number | string;

/** The request's field names, so that field errors land on their inputs; the fee in currency units here. */
type ReminderLevelFormValues = {
  level: NumberValue;
  level_name: string;
  period_days: NumberValue;
  reminder_fee: NumberValue;
  start_text: string;
  end_text: string;
};

function toValues(level?: ReminderLevel): ReminderLevelFormValues {
  return {
    level: level?.level ?? '',
    level_name: level?.level_name ?? '',
    period_days: level?.period_days ?? 14,
    reminder_fee: level ? centsToAmount(level.reminder_fee) : 0,
    start_text: level?.start_text ?? '',
    end_text: level?.end_text ?? '',
  };
}

const numberOrUndefined = (value: NumberValue) => (value === '' ? undefined : Number(value));

function toBody(values: ReminderLevelFormValues) {
  return {
    // Without a level, a new level comes after the last one.
    level: numberOrUndefined(values.level),
    level_name: values.level_name,
    period_days: numberOrUndefined(values.period_days),
    reminder_fee: values.reminder_fee === '' ? 0 : amountToCents(values.reminder_fee),
    start_text: values.start_text,
    end_text: values.end_text,
  };
}

/** The numbers' messages in words of the form (the fee in currency units); the rest as every form words them. */
function levelFormErrors(t: TFunction, schema: z.ZodType, body: unknown): FormErrors {
  const errors = schemaErrors(schema, body);
  const own: Record<string, string> = {
    level: t('invoice-reminder-levels:validation.level', { max: MAX_REMINDER_LEVEL }),
    period_days: t('invoice-reminder-levels:validation.periodDays', { max: MAX_REMINDER_PERIOD_DAYS }),
    reminder_fee: t('invoice-reminder-levels:validation.fee'),
  };
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, own[path] ?? message]));
}

/** The reminder level form (create and edit), validated with the server's schema. */
export function ReminderLevelForm({ level }: { level?: ReminderLevel }) {
  const { t } = useTranslation(['invoice-reminder-levels', 'common']);
  const navigate = useNavigate();
  const save = useSaveReminderLevel();
  const [saved, setSaved] = useState(false);
  const schema = level ? reminderLevelUpdateSchema : reminderLevelInputSchema;
  const form = useForm<ReminderLevelFormValues>({
    initialValues: toValues(level),
    validate: (values) => levelFormErrors(t, schema, toBody(values)),
  });

  // Leaves once the guard knows the form is saved.
  useEffect(() => {
    if (saved) void navigate(reminderLevelPaths.reminderLevels);
  }, [saved, navigate]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...(level ? { id: level.id } : {}), body: schema.parse(toBody(values)) });
      notifySuccess(t('form.saved'));
      setSaved(true);
    } catch (error) {
      notifyError(error, form);
      // A level another one holds already: said on the level's field.
      if (error instanceof ApiError && error.code === 'REMINDER_LEVEL_TAKEN') {
        form.setFieldError('level', errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="reminder-level-form">
      <UnsavedChangesGuard when={form.isDirty() && !saved && !save.isPending} />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.levelName')} required data-autofocus {...form.getInputProps('level_name')} />
            <NumberInput
              label={t('fields.level')}
              description={level ? t('form.levelHint') : t('form.levelHintNew')}
              min={1}
              max={MAX_REMINDER_LEVEL}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('level')}
            />
            <NumberInput
              label={t('fields.periodDays')}
              description={t('form.periodDaysHint')}
              required
              min={1}
              max={MAX_REMINDER_PERIOD_DAYS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('period_days')}
            />
            <NumberInput
              label={t('fields.reminderFee')}
              description={t('form.feeHint', { currency: DEFAULT_CURRENCY })}
              min={0}
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('reminder_fee')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('form.textsHint')}
            </Text>
            <Textarea
              label={t('fields.startText')}
              rows={3}
              maxLength={REMINDER_TEXT_MAX}
              {...form.getInputProps('start_text')}
            />
            <Textarea
              label={t('fields.endText')}
              rows={3}
              maxLength={REMINDER_TEXT_MAX}
              {...form.getInputProps('end_text')}
            />
          </Stack>
        </Card>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} submitting={save.isPending} />
      </Stack>
    </form>
  );
}

/** /invoice-reminder-levels/create. */
export function ReminderLevelCreatePage() {
  const { t } = useTranslation(['invoice-reminder-levels', 'nav']);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="reminder-level-create-page">
        <PageHeader
          back={{ to: reminderLevelPaths.reminderLevels, list: t('nav:invoiceReminderLevels') }}
          title={t('form.createTitle')}
        />
        <ReminderLevelForm />
      </Stack>
    </Container>
  );
}

/** /invoice-reminder-levels/{id}/edit. */
export function ReminderLevelEditPage() {
  const { t } = useTranslation(['invoice-reminder-levels', 'nav']);
  const { id = '' } = useParams();
  const level = useReminderLevel(id);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="reminder-level-edit-page">
        <PageHeader
          back={{ to: reminderLevelPaths.reminderLevels, list: t('nav:invoiceReminderLevels') }}
          title={t('form.editTitle')}
        />
        <QueryState
          query={level}
          loadFailed={t('loadFailed')}
          back={{ to: reminderLevelPaths.reminderLevels, list: t('nav:invoiceReminderLevels') }}
        >
          {(data) => <ReminderLevelForm key={data.id} level={data} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
