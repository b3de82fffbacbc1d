import type { FlagAssignableType } from '@cuspid/contracts/flags';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateRecordFlags } from '../api/flags';
import { TagMultiSelect, useLabelChoices } from './flag-pickers';

const KEEP = '';
const REMOVE = '-';

type BulkLabelsModalProps = {
  type: FlagAssignableType;
  ids: string[];
  opened: boolean;
  onClose: () => void;
  /** After a save: refresh the records' own queries (and clear the selection). */
  onSaved: () => void;
};

type Values = { flag: string; add_tag_ids: string[]; remove_tag_ids: string[] };

/** Set a flag and add or remove tags on several records at once (all or none, POST /update-flags). */
export function BulkLabelsModal({ type, ids, opened, onClose, onSaved }: BulkLabelsModalProps) {
  const { t } = useTranslation('flags');
  const update = useUpdateRecordFlags();
  const flags = useLabelChoices('flag', type);
  const form = useForm<Values>({
    initialValues: { flag: KEEP, add_tag_ids: [], remove_tag_ids: [] },
    validate: (values) =>
      values.flag === KEEP && !values.add_tag_ids.length && !values.remove_tag_ids.length
        ? { flag: t('bulk.nothing') }
        : values.add_tag_ids.some((id) => values.remove_tag_ids.includes(id))
          ? { remove_tag_ids: t('bulk.addAndRemove') }
          : {},
  });

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const { results } = await update.mutateAsync({
        type,
        ids,
        ...(values.flag === KEEP ? {} : { flag_id: values.flag === REMOVE ? null : values.flag }),
        add_tag_ids: values.add_tag_ids,
        remove_tag_ids: values.remove_tag_ids,
      });
      notifySuccess(t(`labelsSaved.${type}`, { count: results.filter((r) => r.ok).length }));
      form.reset();
      onSaved();
    } catch (error) {
      notifyError(error, {
        setErrors: (errors) =>
          form.setErrors({
            flag: errors.flag_id,
            add_tag_ids: errors.add_tag_ids,
            remove_tag_ids: errors.remove_tag_ids,
          }),
      });
    }
  });

  return (
    <Modal opened={opened} onClose={handleClose} title={t('bulk.title', { count: ids.length })} centered>
      <form onSubmit={handleSubmit} noValidate data-testid="bulk-labels-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('bulk.intro')}
          </Text>
          <NativeSelect
            label={t('editor.flag')}
            data={[
              { value: KEEP, label: t('bulk.keepFlag') },
              { value: REMOVE, label: t('bulk.removeFlag') },
              ...flags.data,
            ]}
            data-autofocus
            {...form.getInputProps('flag')}
          />
          <TagMultiSelect
            type={type}
            label={t('bulk.addTags')}
            placeholder={t('editor.chooseTags')}
            data-testid="bulk-labels-add-tags"
            {...form.getInputProps('add_tag_ids')}
          />
          <TagMultiSelect
            type={type}
            label={t('bulk.removeTags')}
            placeholder={t('editor.chooseTags')}
            data-testid="bulk-labels-remove-tags"
            {...form.getInputProps('remove_tag_ids')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('bulk.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
