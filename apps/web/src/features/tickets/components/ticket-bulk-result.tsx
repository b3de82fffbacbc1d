import type { BulkItemResult } from '@cuspid/contracts';
import { Alert, Button, Group, Modal, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bulkRefusalMessage } from '../../../lib/bulk-refusal';

type TicketBulkResultProps = {
  results: BulkItemResult[] | null;
  /** A ticket's number by id (the rows of the page); the id when the ticket is not shown. */
  numberOf: (id: string) => string;
  onClose: () => void;
};

/** After a bulk edit: per ticket whether it changed, and why a refused one was refused (translated by its code). */
export function TicketBulkResult({ results, numberOf, onClose }: TicketBulkResultProps) {
  const { t } = useTranslation('tickets');
  const refusedCount = results?.filter((r) => !r.ok).length ?? 0;
  return (
    <Modal opened={results !== null} onClose={onClose} title={t('bulk.resultTitle')} centered size="lg">
      <Stack gap="sm" data-testid="ticket-bulk-result">
        <Alert color={refusedCount ? 'orange' : 'green'} data-testid="ticket-bulk-summary">
          {t('bulk.summary', { done: (results?.length ?? 0) - refusedCount, refused: refusedCount })}
        </Alert>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.number')}</Table.Th>
              <Table.Th>{t('bulk.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(results ?? []).map((result) => (
              <Table.Tr key={result.id} data-testid={result.ok ? 'ticket-bulk-ok' : 'ticket-bulk-refused'}>
                <Table.Td ff="monospace">{numberOf(result.id)}</Table.Td>
                <Table.Td c={result.ok ? undefined : 'red'}>
                  {result.ok ? t('bulk.done') : bulkRefusalMessage(result)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
