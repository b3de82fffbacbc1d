import {
  FLAG_PALETTE,
  FLAG_RECORD_TYPES,
  type Flag,
  type FlagKind,
  type FlagRecordType,
  flagInputSchema,
} from '@cuspid/contracts/flags';
import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveFlag } from '../api/flags';

type Values = { name: string; kind: FlagKind; colour: string; description: string; applies_to: FlagRecordType[] };

const toValues = (flag?: Flag | null): Values => ({
  name: flag?.name ?? '',
  kind: flag?.kind ?? 'tag',
  colour: flag?.colour ?? '',
  description: flag?.description ?? '',
  applies_to: flag?.applies_to ?? [...FLAG_RECORD_TYPES],
});

/** The body: an empty colour lets the server pick one of the palette (new definitions only). */
const toBody = (values: Values) => ({
  name: values.name,
  kind: values.kind,
  description: values.description,
  applies_to: values.applies_to,
  ...(values.colour ? { colour: values.colour } : {}),
});

type FlagFormModalProps = {
  opened: boolean;
  /** The definition to edit; none: a new one. */
  flag?: Flag | null;
  onClose: () => void;
};

/** Create or edit one flag or tag definition. */
export function FlagFormModal({ opened, flag, onClose }: FlagFormModalProps) {
  const { t } = useTranslation('flags');
  const save = useSaveFlag();
  const form = useForm<Values>({
    initialValues: toValues(flag),
    validate: (values) => zodFormValidator<unknown>(flagInputSchema)(toBody(values)),
  });
  const { setValues, resetDirty } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another definition (or none) opens
  useEffect(() => {
    if (!opened) return;
    const values = toValues(flag);
    setValues(values);
    resetDirty(values);
  }, [opened, flag?.id]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...(flag ? { id: flag.id } : {}), body: flagInputSchema.parse(toBody(values)) });
      notifySuccess(t(values.kind === 'flag' ? 'form.savedFlag' : 'form.savedTag'));
      onClose();
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={flag ? t('form.editTitle') : t('form.createTitle')} centered>
      <form onSubmit={handleSubmit} noValidate data-testid="flag-form">
        <Stack gap="sm">
          <TextInput label={t('fields.name')} required data-autofocus {...form.getInputProps('name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="flag-kind-label">
              {t('fields.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="flag-kind-label"
              data={[
                { value: 'flag', label: t('kind.flag') },
                { value: 'tag', label: t('kind.tag') },
              ]}
              {...form.getInputProps('kind')}
            />
            <Text size="xs" c="dimmed">
              {t(form.values.kind === 'flag' ? 'form.flagHint' : 'form.tagHint')}
            </Text>
          </Stack>
          <ColorInput
            label={t('fields.colour')}
            placeholder={flag ? undefined : t('form.automaticColour')}
            format="hex"
            swatches={[...FLAG_PALETTE]}
            swatchesPerRow={6}
            {...form.getInputProps('colour')}
          />
          <Textarea label={t('fields.description')} rows={3} resize="vertical" {...form.getInputProps('description')} />
          <Checkbox.Group label={t('fields.appliesTo')} {...form.getInputProps('applies_to')}>
            <Group mt={4}>
              {FLAG_RECORD_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`recordTypes.${type}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
