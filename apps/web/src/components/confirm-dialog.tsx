import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ConfirmDialogProps = {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** While the action runs: the confirm button is busy. */
  loading?: boolean;
  /** False while there is nothing (yet) to confirm, e.g. while what the action applies to is being counted. */
  canConfirm?: boolean;
  title: string;
  question: ReactNode;
  /** What the action applies to, named under the question. */
  subject?: ReactNode;
  /** What else the action does (e.g. the records a deletion takes the label off). */
  details?: ReactNode;
  /** Said last, e.g. that the action cannot be undone. */
  warning?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button's colour: red for what destroys or refuses (the default), green for an approval. */
  confirmColor?: 'red' | 'green';
  /** Test ids of the dialog's content, its subject and its confirm button. */
  testIds?: { dialog?: string; subject?: string; confirm?: string };
};

/**
 * The one confirmation of a destructive action (style guide section 13): a question, what it applies to, and a
 * red confirm button beside cancel. ConfirmDeleteModal is this dialog with the spec's delete texts.
 */
export function ConfirmDialog({
  opened,
  onCancel,
  onConfirm,
  loading = false,
  canConfirm = true,
  title,
  question,
  subject,
  details,
  warning,
  confirmLabel,
  cancelLabel,
  confirmColor = 'red',
  testIds = {},
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack data-testid={testIds.dialog}>
        <Text>{question}</Text>
        {subject && (
          <Text fw={600} data-testid={testIds.subject}>
            {subject}
          </Text>
        )}
        {details}
        {warning && (
          <Text size="sm" c="dimmed">
            {warning}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            color={confirmColor}
            onClick={onConfirm}
            loading={loading}
            disabled={!canConfirm}
            data-testid={testIds.confirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
