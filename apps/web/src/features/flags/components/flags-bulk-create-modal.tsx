import { VALIDATION_MESSAGES } from '@cuspid/contracts';
import {
  FLAG_CREATE_MAX,
  FLAG_PALETTE,
  FLAG_RECORD_TYPES,
  type FlagKind,
  type FlagRecordType,
} from '@cuspid/contracts/flags';
import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  List,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateFlags } from '../api/flags';

type Values = { names: string; kind: FlagKind; colour: string; applies_to: FlagRecordType[] };

/** The names of the text, one per line, with the line each came from (blank lines skipped). */
function namesOf(text: string) {
  return text
    .split(/\r?\n/)
    .map((name, i) => ({ name: name.trim(), line: i + 1 }))
    .filter((entry) => entry.name);
}

type FlagsBulkCreateModalProps = { opened: boolean; onClose: () => void };

/** Several definitions of one kind from a list of names, created all at once or not at all. */
export function FlagsBulkCreateModal({ opened, onClose }: FlagsBulkCreateModalProps) {
  const { t } = useTranslation('flags');
  const create = useCreateFlags();
  const [refused, setRefused] = useState<{ line: number; message: string }[]>([]);
  const form = useForm<Values>({
    initialValues: { names: '', kind: 'tag', colour: '', applies_to: [...FLAG_RECORD_TYPES] },
    validate: (values) => {
      const count = namesOf(values.names).length;
      if (!count) return { names: t('bulkCreate.namesRequired') };
      if (count > FLAG_CREATE_MAX) return { names: t('bulkCreate.tooMany', { max: FLAG_CREATE_MAX }) };
      if (!values.applies_to.length)
        return { applies_to: translateValidationMessage(VALIDATION_MESSAGES.recordTypesRequired) };
      return {};
    },
  });

  const handleClose = () => {
    form.reset();
    setRefused([]);
    onClose();
  };

  const handleSubmit = form.onSubmit(async (values) => {
    const entries = namesOf(values.names);
    setRefused([]);
    try {
      const { results } = await create.mutateAsync(
        entries.map(({ name }) => ({
          name,
          kind: values.kind,
          applies_to: values.applies_to,
          description: null,
          ...(values.colour ? { colour: values.colour } : {}),
        })),
      );
      notifySuccess(t('bulkCreate.created', { count: results.filter((r) => r.ok).length }));
      handleClose();
    } catch (error) {
      // Field errors name items (`items.3.name`): show them against the lines of the text.
      if (error instanceof ApiError && error.errors) {
        setRefused(
          Object.entries(error.errors).flatMap(([field, messages]) => {
            const index = Number(/^items\.(\d+)\./.exec(field)?.[1] ?? Number.NaN);
            const entry = entries[index];
            return entry && messages[0] ? [{ line: entry.line, message: translateValidationMessage(messages[0]) }] : [];
          }),
        );
      }
      notifyError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={handleClose} title={t('bulkCreate.title')} centered size="lg">
      <form onSubmit={handleSubmit} noValidate data-testid="flags-bulk-create-form">
        <Stack gap="sm">
          <Textarea
            label={t('bulkCreate.names')}
            description={t('bulkCreate.namesHint', { max: FLAG_CREATE_MAX })}
            rows={8}
            resize="vertical"
            required
            data-autofocus
            {...form.getInputProps('names')}
          />
          {refused.length > 0 && (
            <List size="sm" c="red" data-testid="flags-bulk-refused">
              {refused.map((r) => (
                <List.Item key={r.line}>{t('bulkCreate.refusedLine', { line: r.line, message: r.message })}</List.Item>
              ))}
            </List>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="flags-bulk-kind-label">
              {t('fields.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="flags-bulk-kind-label"
              data={[
                { value: 'tag', label: t('kind.tags') },
                { value: 'flag', label: t('kind.flags') },
              ]}
              {...form.getInputProps('kind')}
            />
          </Stack>
          <ColorInput
            label={t('fields.colour')}
            placeholder={t('form.automaticColour')}
            description={t('bulkCreate.colourHint')}
            format="hex"
            swatches={[...FLAG_PALETTE]}
            swatchesPerRow={6}
            {...form.getInputProps('colour')}
          />
          <Checkbox.Group label={t('fields.appliesTo')} {...form.getInputProps('applies_to')}>
            <Group mt={4}>
              {FLAG_RECORD_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`recordTypes.${type}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('bulkCreate.submit', { count: namesOf(form.values.names).length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
