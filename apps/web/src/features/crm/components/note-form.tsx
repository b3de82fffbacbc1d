import { CRM_LIMITS, type CustomerNote, customerNoteUpdateSchema } from '@cuspid/contracts/crm';
import { Button, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError } from '../../../lib/notify';

export type NoteFormValues = { body: string; is_pinned: boolean };

type NoteFormProps = {
  /** The note to edit; a new note when not given. */
  note?: CustomerNote;
  submitLabel: string;
  /** Saves; throws the server's error, which lands on the form and in a toast. */
  onSubmit: (values: NoteFormValues) => Promise<void>;
  onCancel?: () => void;
};

/** A note's text (plain text, up to the contracts' limit) and whether it is pinned on top. */
export function NoteForm({ note, submitLabel, onSubmit, onCancel }: NoteFormProps) {
  const { t } = useTranslation('crm');
  const form = useForm<NoteFormValues>({
    initialValues: { body: note?.body ?? '', is_pinned: note?.is_pinned ?? false },
    validate: zodFormValidator(customerNoteUpdateSchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ body: values.body.trim(), is_pinned: values.is_pinned });
      if (!note) form.reset();
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid={note ? 'crm-note-edit-form' : 'crm-note-form'}>
      <Stack gap="sm">
        <Textarea
          label={t('note.body')}
          placeholder={t('note.bodyPlaceholder')}
          required
          rows={4}
          resize="vertical"
          maxLength={CRM_LIMITS.noteBodyMax}
          data-autofocus={note ? true : undefined}
          {...form.getInputProps('body')}
        />
        <Group justify="space-between">
          <Checkbox label={t('note.pinned')} {...form.getInputProps('is_pinned', { type: 'checkbox' })} />
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
