import type { CompanyImportError } from '@cuspid/contracts/companies';
import { Button, FileButton, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { importErrors, useImportCompanies } from '../api/import-companies';

/** Uploads a companies CSV (the export's columns); a refused file shows its bad lines in a table. */
export function CompanyImportButton() {
  const { t } = useTranslation('companies');
  const importer = useImportCompanies();
  const [refused, setRefused] = useState<{ message: string; errors: CompanyImportError[] } | null>(null);

  const upload = (file: File | null) => {
    if (!file) return;
    importer.mutate(file, {
      onSuccess: (result) => notifySuccess(t('import.done', result)),
      onError: (error) => {
        const errors = importErrors(error);
        if (errors) setRefused({ message: (error as Error).message || errorMessage(error), errors });
        else notifyError(error);
      },
    });
  };

  return (
    <>
      <FileButton onChange={upload} accept=".csv,text/csv">
        {(props) => (
          <Button
            {...props}
            variant="default"
            loading={importer.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
            data-testid="customers-import"
          >
            {t('import.button')}
          </Button>
        )}
      </FileButton>
      <Modal opened={refused !== null} onClose={() => setRefused(null)} title={t('import.refusedTitle')} size="xl">
        {refused && (
          <Stack gap="sm">
            <Text>{refused.message}</Text>
            <ScrollArea.Autosize mah={420}>
              <Table striped data-testid="customers-import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.line')}</Table.Th>
                    <Table.Th>{t('import.field')}</Table.Th>
                    <Table.Th>{t('import.message')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {refused.errors.map((e) => (
                    <Table.Tr key={`${e.line}-${e.field}`}>
                      <Table.Td>{e.line}</Table.Td>
                      <Table.Td>{e.field}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Modal>
    </>
  );
}
