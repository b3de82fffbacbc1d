import type { Invoice } from '@cuspid/contracts/invoices';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { invoicePdfQuery } from '../api/invoices';

type Props = {
  invoice: Pick<Invoice, 'id' | 'updated_at' | 'number'>;
  /** `icon`: a small icon button for a list row; otherwise a labelled button. */
  variant?: 'icon' | 'button';
  testId?: string;
};

/** Saves the invoice's PDF (fetched with the session, so a plain link cannot load it). */
export function InvoicePdfButton({ invoice, variant = 'button', testId = 'invoice-pdf-download' }: Props) {
  const { t } = useTranslation('invoices');
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);

  const handleDownload = async () => {
    setDownloading(true);
    try {
      saveFile(await queryClient.fetchQuery(invoicePdfQuery(invoice)), `${invoice.number ?? 'draft-invoice'}.pdf`);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  if (variant === 'icon') {
    const label = t('pdf.downloadOne', { number: invoice.number ?? t('draft') });
    return (
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          loading={downloading}
          onClick={() => void handleDownload()}
          data-testid={testId}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={downloading}
      onClick={() => void handleDownload()}
      data-testid={testId}
    >
      {t('pdf.download')}
    </Button>
  );
}
