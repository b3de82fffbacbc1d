import type { BulkItemResult } from '@cuspid/contracts';
import { Alert, Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { bulkRefusalMessage } from '../../../lib/bulk-refusal';

type BulkResultModalProps = {
  /** What was done ("Move to trash"), as the title says it. */
  action: string;
  results: BulkItemResult[] | null;
  /** The name of a case by id (the rows of the page); the id when the case is not shown. */
  nameOf: (id: string) => string;
  onClose: () => void;
};

/** After a bulk call: per case whether it was done, and why a refused one was refused. */
export function BulkResultModal({ action, results, nameOf, onClose }: BulkResultModalProps) {
  const { t } = useTranslation('cases');
  const done = results?.filter((r) => r.ok) ?? [];
  const refused = results?.filter((r) => !r.ok) ?? [];
  return (
    <Modal opened={results !== null} onClose={onClose} title={t('bulk.resultTitle', { action })} centered size="lg">
      <Stack gap="sm" data-testid="bulk-result">
        <Alert color={refused.length ? 'orange' : 'green'} data-testid="bulk-result-summary">
          {t('bulk.summary', { done: done.length, refused: refused.length })}
        </Alert>
        <List spacing={6} listStyleType="none" aria-label={t('bulk.perCase')}>
          {(results ?? []).map((result) => (
            <List.Item
              key={result.id}
              data-testid={result.ok ? 'bulk-result-ok' : 'bulk-result-refused'}
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
                {result.ok ? t('bulk.done') : bulkRefusalMessage(result)}
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
