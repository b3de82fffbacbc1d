import {
  CRM_LIMITS,
  CUSTOMER_ACTIVITY_TYPES,
  type CustomerActivity,
  type CustomerActivityType,
  customerActivityCreateSchema,
} from '@cuspid/contracts/crm';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-field';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';

export type AssigneeOption = { value: string; label: string };

export type ActivityFormValues = {
  type: CustomerActivityType;
  subject: string;
  details: string;
  /** `datetime-local` value in the user's time zone; '' for none. */
  due: string;
  assignee_id: string;
  is_done: boolean;
};

/** What the API takes from the form's values. */
export type ActivityFormBody = {
  type: CustomerActivityType;
  subject: string;
  details: string | null;
  due_at: string | null;
  assignee_id: string | null;
  is_done: boolean;
};

type ActivityFormProps = {
  /** The activity to edit; a new one when not given. */
  activity?: CustomerActivity;
  /** Who it can be assigned to (besides nobody). */
  assignees: AssigneeOption[];
  submitLabel: string;
  /** Saves; throws the server's error, which lands on the form and in a toast. */
  onSubmit: (body: ActivityFormBody) => Promise<void>;
  onCancel?: () => void;
};

const formSchema = customerActivityCreateSchema.pick({ type: true, subject: true, details: true });

/** Log a call, meeting, mail or visit that happened, or schedule one (or a task) with a due time and assignee. */
export function ActivityForm({ activity, assignees, submitLabel, onSubmit, onCancel }: ActivityFormProps) {
  const { t } = useTranslation('crm');
  const format = useFormat();
  const form = useForm<ActivityFormValues>({
    initialValues: {
      type: activity?.type ?? 'call',
      subject: activity?.subject ?? '',
      details: activity?.details ?? '',
      due: format.toDateTimeInput(activity?.due_at),
      assignee_id: activity?.assignee?.id ?? '',
      is_done: activity ? activity.done_at !== null : false,
    },
    validate: zodFormValidator<ActivityFormValues>(formSchema, (values) => ({
      due: values.due && !format.fromDateTimeInput(values.due) ? t('activity.dueInvalid') : null,
    })),
  });

  // The current assignee stays choosable even if the list offered does not hold them.
  const current = activity?.assignee;
  const options = [
    { value: '', label: t('activity.nobody') },
    ...assignees,
    ...(current && !assignees.some((a) => a.value === current.id) ? [{ value: current.id, label: current.name }] : []),
  ];

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit({
        type: values.type,
        subject: values.subject.trim(),
        details: values.details.trim() || null,
        due_at: values.due ? format.fromDateTimeInput(values.due) : null,
        assignee_id: values.assignee_id || null,
        is_done: values.is_done,
      });
      if (!activity) form.reset();
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid={activity ? 'crm-activity-edit-form' : 'crm-activity-form'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('activity.type')}
            data={CUSTOMER_ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activity.types.${type}`) }))}
            {...form.getInputProps('type')}
          />
          <TextInput
            label={t('activity.subject')}
            required
            maxLength={CRM_LIMITS.activitySubjectMax}
            data-autofocus={activity ? true : undefined}
            {...form.getInputProps('subject')}
          />
        </SimpleGrid>
        <Textarea
          label={t('activity.details')}
          rows={3}
          resize="vertical"
          maxLength={CRM_LIMITS.activityDetailsMax}
          {...form.getInputProps('details')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateTimeField
            label={t('activity.due')}
            description={t('activity.dueHint')}
            {...form.getInputProps('due')}
            value={form.values.due}
            error={form.errors.due ?? form.errors.due_at}
          />
          <NativeSelect label={t('activity.assignee')} data={options} {...form.getInputProps('assignee_id')} />
        </SimpleGrid>
        <Group justify="space-between">
          <Checkbox
            label={activity ? t('activity.isDone') : t('activity.alreadyDone')}
            {...form.getInputProps('is_done', { type: 'checkbox' })}
          />
          <Group gap="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('actions.cancel')}
              </Button>
            )}
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
