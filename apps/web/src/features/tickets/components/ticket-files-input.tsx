import { TICKET_LIMITS } from '@cuspid/contracts/tickets';
import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TicketFilesInputProps = {
  value: File[];
  onChange: (files: File[]) => void;
  error?: string | undefined;
  'data-testid'?: string;
};

/** The files of a ticket message: up to TICKET_LIMITS.maxFiles, each up to the size limit (the server checks again). */
export function TicketFilesInput({ value, onChange, error, ...props }: TicketFilesInputProps) {
  const { t } = useTranslation('tickets');
  const maxMb = Math.round(TICKET_LIMITS.maxFileBytes / 1024 / 1024);
  const tooLarge = value.find((file) => file.size > TICKET_LIMITS.maxFileBytes);
  return (
    <FileInput
      label={t('fields.attachments')}
      description={t('form.attachmentsHint', { count: TICKET_LIMITS.maxFiles, size: maxMb })}
      placeholder={t('form.attachmentsPlaceholder')}
      multiple
      clearable
      leftSection={<IconPaperclip size={16} aria-hidden />}
      value={value}
      onChange={(files) => onChange(files.slice(0, TICKET_LIMITS.maxFiles))}
      error={error ?? (tooLarge ? t('form.fileTooLarge', { name: tooLarge.name, size: maxMb }) : undefined)}
      {...props}
    />
  );
}

/** Whether the chosen files can be sent. */
export const filesFit = (files: readonly File[]) =>
  files.length <= TICKET_LIMITS.maxFiles && files.every((file) => file.size <= TICKET_LIMITS.maxFileBytes);
