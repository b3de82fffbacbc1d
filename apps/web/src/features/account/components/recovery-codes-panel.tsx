import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { saveFile } from '../../../lib/save-file';

type RecoveryCodesPanelProps = {
  codes: string[];
  /** The user has kept the codes: they are not shown again. */
  onDone: () => void;
};

/** Recovery codes, shown once (ADR 0033): copy them, download them, then confirm they are kept. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const { t } = useTranslation('account');
  const { productName } = getRuntimeConfig();
  const text = codes.join('\n');

  const handleDownload = () => {
    const content = `${t('twoFactor.codesFileTitle', { product: productName })}\n\n${text}\n`;
    saveFile(
      { blob: new Blob([content], { type: 'text/plain;charset=utf-8' }), disposition: null },
      `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`,
    );
  };

  return (
    <Stack data-testid="recovery-codes">
      <Alert color="yellow" title={t('twoFactor.codesTitle')}>
        {t('twoFactor.codesIntro')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" size="lg" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} data-testid="recovery-codes-copy">
                {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" onClick={handleDownload} data-testid="recovery-codes-download">
            {t('twoFactor.downloadCodes')}
          </Button>
        </Group>
        <Button onClick={onDone} data-testid="recovery-codes-done">
          {t('twoFactor.codesSaved')}
        </Button>
      </Group>
    </Stack>
  );
}
