import type { BulkItemResult } from '@cuspid/contracts';
import { Alert, Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { bulkRefusalMessage } from '../lib/bulk-refusal';

type BulkResultDialogProps = {
  /** The dialog's title, naming what was done. */
  title: string;
  /** The counts in words ("Done: 3. Refused: 1."), from the done and refused numbers. */
  summary: (counts: { done: number; refused: number }) => string;
  /** What a done record shows beside its name ("done", "Changed"). */
  doneLabel: string;
  /** The list's accessible name ("Result per case"). */
  listLabel?: string;
  results: BulkItemResult[] | null;
  /** A record's name by id (from the rows of the page); the id when the record is not shown. */
  nameOf: (id: string) => string;
  onClose: () => void;
  /** The prefix of the test ids: `<prefix>-result`, `-summary`, `-ok`, `-refused`. */
  testIdPrefix?: string;
};

/** After a bulk call: per record whether it was done, and why a refused one was refused (translated by its code). */
export function BulkResultDialog({
  title,
  summary,
  doneLabel,
  listLabel,
  results,
  nameOf,
  onClose,
  testIdPrefix = 'bulk',
}: BulkResultDialogProps) {
  const { t } = useTranslation('common');
  const refused = results?.filter((result) => !result.ok).length ?? 0;
  const done = (results?.length ?? 0) - refused;
  return (
    <Modal opened={results !== null} onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm" data-testid={`${testIdPrefix}-result`}>
        <Alert color={refused ? 'orange' : 'green'} data-testid={`${testIdPrefix}-summary`}>
          {summary({ done, refused })}
        </Alert>
        <List spacing={6} listStyleType="none" aria-label={listLabel}>
          {(results ?? []).map((result) => (
            <List.Item
              key={result.id}
              data-testid={result.ok ? `${testIdPrefix}-ok` : `${testIdPrefix}-refused`}
              icon={
                <ThemeIcon size={20} radius="xl" color={result.ok ? 'green' : 'red'} aria-hidden>
                  {result.ok ? <IconCheck size={14} /> : <IconX size={14} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" fw={500} span>
                {nameOf(result.id)}
              </Text>
              <Text size="sm" c={result.ok ? 'dimmed' : 'red'} span>
                {' – '}
                {result.ok ? doneLabel : bulkRefusalMessage(result)}
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
