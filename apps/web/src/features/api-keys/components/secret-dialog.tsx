import type { ApiTokenSecretResponse } from '@cuspid/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shows a new secret once (after create or rotate), with copy buttons; closing it loses the secret for good. */
export function SecretDialog({ answer, onClose }: { answer: ApiTokenSecretResponse | null; onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  return (
    <Modal
      opened={answer !== null}
      onClose={onClose}
      title={t('apiKeys.secretTitle')}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="secret-dialog"
    >
      {answer && (
        <Stack>
          <Alert color="yellow">{t('apiKeys.secretOnce')}</Alert>
          {[
            { label: t('apiKeys.clientId'), value: answer.data.client_id, testId: 'secret-client-id' },
            { label: t('apiKeys.clientSecret'), value: answer.client_secret, testId: 'secret-value' },
          ].map((item) => (
            <Stack key={item.testId} gap={4}>
              <Text size="sm" fw={600}>
                {item.label}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={item.testId}>
                  {item.value}
                </Code>
                <CopyButton value={item.value}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      onClick={copy}
                    >
                      {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="secret-done">
              {t('apiKeys.secretDone')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
