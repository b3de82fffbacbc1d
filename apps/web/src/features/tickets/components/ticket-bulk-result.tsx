import type { BulkItemResult } from '@cuspid/contracts';
import { Alert, Button, Group, Modal, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/notify';

type TicketBulkResultProps = {
  results: BulkItemResult[] | null;
  /** A ticket's number by id (the rows of the page); the id when the ticket is not shown. */
  numberOf: (id: string) => string;
  onClose: () => void;
};

/** A refusal's text: its code translated, unless the translation names values a bulk answer does not carry. */
function refusalText(result: BulkItemResult): string {
  const translated = result.code ? i18n.getResource(i18n.language, 'errors', result.code) : undefined;
  if (result.message && typeof translated === 'string' && translated.includes('{{')) return result.message;
  return errorMessage(new ApiError(409, { code: result.code ?? 'BAD_REQUEST', message: result.message ?? '' }));
}

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
                  {result.ok ? t('bulk.done') : refusalText(result)}
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
