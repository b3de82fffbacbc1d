import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ScanUploader, type ScanUploadState } from '../../uploads';

/** What ScanUploader reports for each file it holds (features/uploads). */
export type ScanUploaderFile = Pick<ScanUploadState, 'jaw' | 'uploadId' | 'fileName' | 'size' | 'status'>;

export type CaseScans = { upper: string | null; lower: string | null };

type CaseScansFieldProps = {
  value: CaseScans;
  onChange: (value: CaseScans) => void;
  /** The form's message for this field (e.g. "Upload at least one jaw scan"). */
  error?: string | undefined;
};

/**
 * The upload ids of the upper and lower jaw scans, from the files ScanUploader uploaded: a jaw's id is set once its
 * file is verified (the server's checksum matched the browser's), and cleared when the file is removed.
 */
export function scansFromFiles(files: readonly ScanUploaderFile[]): CaseScans {
  const idOf = (jaw: 'upper' | 'lower') =>
    files.find((file) => file.jaw === jaw && file.uploadId && file.status === 'verified')?.uploadId ?? null;
  return { upper: idOf('upper'), lower: idOf('lower') };
}

/** The scans section of the case form: ScanUploader feeds the two upload ids. */
export function CaseScansField({ value, onChange, error }: CaseScansFieldProps) {
  const { t } = useTranslation('cases');
  return (
    <Stack gap="xs" data-testid="case-scans-field">
      <Title order={2} size="h4">
        {t('form.scans')}
      </Title>
      <ScanUploader onChange={(files) => onChange(scansFromFiles(files))} />
      <Text size="sm" c="dimmed" data-testid="case-scans-state">
        {t('form.scansState', {
          upper: value.upper ? t('form.scanReady') : t('form.scanMissing'),
          lower: value.lower ? t('form.scanReady') : t('form.scanMissing'),
        })}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
