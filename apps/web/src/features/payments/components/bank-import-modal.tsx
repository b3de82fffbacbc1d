import type { BankImportResult } from '@cuspid/contracts/payments';
import { BANK_LINE_OUTCOMES } from '@cuspid/contracts/payments';
import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useBankImport } from '../api/payments';

const OUTCOME_COLOR = { paid: 'teal', partial: 'yellow', duplicate: 'gray', unmatched: 'orange', ignored: 'gray' };

/** Staff import a bank statement (CSV): each line naming an issued invoice records its payment. */
export function BankImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const importing = useBankImport();
  const close = () => {
    setFile(null);
    setResult(null);
    importing.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('import.intro')}
        </Text>
        <Group align="flex-end">
          <FileInput
            label={t('import.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: 1 }}
            data-testid="bank-import-file"
          />
          <Button
            leftSection={<IconFileUpload size={16} aria-hidden />}
            disabled={!file}
            loading={importing.isPending}
            onClick={() => file && importing.mutate(file, { onSuccess: setResult })}
            data-testid="bank-import-submit"
          >
            {t('import.submit')}
          </Button>
        </Group>
        {importing.isError && (
          <Alert color="red" title={t('import.failed')}>
            {errorMessage(importing.error)}
          </Alert>
        )}
        {result && (
          <Stack gap="xs" data-testid="bank-import-result">
            <Group gap="xs">
              {BANK_LINE_OUTCOMES.map((outcome) => (
                <Badge key={outcome} color={OUTCOME_COLOR[outcome]} variant="light">
                  {t(`import.outcome.${outcome}`)}: {result.counts[outcome] ?? 0}
                </Badge>
              ))}
            </Group>
            <ScrollArea.Autosize mah={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.line')}</Table.Th>
                    <Table.Th>{t('import.outcomeLabel')}</Table.Th>
                    <Table.Th>{t('fields.invoice')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('fields.amount')}</Table.Th>
                    <Table.Th>{t('import.note')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.results.map((line) => (
                    <Table.Tr key={line.line}>
                      <Table.Td>{line.line}</Table.Td>
                      <Table.Td>
                        <Badge color={OUTCOME_COLOR[line.outcome]} variant="light">
                          {t(`import.outcome.${line.outcome}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ff="monospace">{line.invoice_number ?? '–'}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>
                        {line.amount === null ? '–' : format.money(line.amount)}
                      </Table.Td>
                      <Table.Td>{line.message ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
