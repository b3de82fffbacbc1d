import type { Invoice } from '@cuspid/contracts/invoices';
import { Alert, Box, Button, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useInvoicePdf } from '../api/invoices';

/** A blob as a URL for the page (released when the blob changes or the view goes). */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/**
 * The invoice's PDF as the customer gets it, shown in the page: fetched with the session (a plain URL cannot send
 * it) and fetched again after every change of the invoice.
 */
export function InvoicePdfPreview({ invoice, title }: { invoice: Invoice; title: string }) {
  const { t } = useTranslation(['invoices', 'common']);
  const pdf = useInvoicePdf(invoice);
  const url = useObjectUrl(pdf.data?.blob);

  if (pdf.isError) {
    return (
      <Alert color="red" title={t('pdf.loadFailed')} data-testid="invoice-pdf-error">
        <Text size="sm" mb="sm">
          {errorMessage(pdf.error)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void pdf.refetch()} loading={pdf.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  }
  if (!url) return <Skeleton h={640} data-testid="invoice-pdf-loading" />;
  return (
    <Box
      component="iframe"
      src={url}
      title={title}
      w="100%"
      h={720}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="invoice-pdf"
    />
  );
}
