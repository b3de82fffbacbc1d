import type { FlagAssignableType, FlagRef } from '@cuspid/contracts/flags';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateRecordFlags } from '../api/flags';
import { FlagSelect, TagMultiSelect } from './flag-pickers';

type RecordLabelsEditorProps = {
  type: FlagAssignableType;
  id: string;
  flag?: FlagRef | null;
  tags?: FlagRef[];
  /** After a save: refresh the record's own queries. */
  onSaved?: () => void;
};

type Values = { flag_id: string | null; tag_ids: string[] };

/** The flag and tags of one record, saved through POST /update-flags (only what changed is sent). */
const NO_TAGS: FlagRef[] = [];

export function RecordLabelsEditor({ type, id, flag = null, tags = NO_TAGS, onSaved }: RecordLabelsEditorProps) {
  const { t } = useTranslation('flags');
  const update = useUpdateRecordFlags();
  const form = useForm<Values>({ initialValues: { flag_id: flag?.id ?? null, tag_ids: tags.map((tag) => tag.id) } });
  const { setValues, resetDirty } = form;

  // A saved (or elsewhere changed) record starts the form again from what it now carries.
  const savedKey = `${flag?.id ?? ''}|${tags.map((tag) => tag.id).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for flag and tags
  useEffect(() => {
    const values = { flag_id: flag?.id ?? null, tag_ids: tags.map((tag) => tag.id) };
    setValues(values);
    resetDirty(values);
  }, [savedKey]);

  const handleSubmit = form.onSubmit(async (values) => {
    const current = new Set(tags.map((tag) => tag.id));
    const chosen = new Set(values.tag_ids);
    const flagChanged = values.flag_id !== (flag?.id ?? null);
    const add = values.tag_ids.filter((tagId) => !current.has(tagId));
    const remove = [...current].filter((tagId) => !chosen.has(tagId));
    if (!flagChanged && !add.length && !remove.length) return;
    try {
      const { results } = await update.mutateAsync({
        type,
        ids: [id],
        ...(flagChanged ? { flag_id: values.flag_id } : {}),
        add_tag_ids: add,
        remove_tag_ids: remove,
      });
      notifySuccess(t(`labelsSaved.${type}`, { count: results.filter((r) => r.ok).length }));
      onSaved?.();
    } catch (error) {
      notifyError(error, {
        setErrors: (errors) =>
          form.setErrors({
            flag_id: errors.flag_id,
            tag_ids: errors.add_tag_ids ?? errors.remove_tag_ids,
          }),
      });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="record-labels-editor">
      <Stack gap="sm">
        <FlagSelect
          type={type}
          label={t('editor.flag')}
          placeholder={t('editor.noFlag')}
          current={flag}
          data-testid="labels-flag"
          {...form.getInputProps('flag_id')}
        />
        <TagMultiSelect
          type={type}
          label={t('editor.tags')}
          placeholder={t('editor.chooseTags')}
          current={tags}
          data-testid="labels-tags"
          {...form.getInputProps('tag_ids')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
