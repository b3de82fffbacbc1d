import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The invitation link, shown only when the server answers it: no mail server is configured, so the mail
 * reaches nobody and the administrator hands the link over (ADR 0034).
 */
export function InvitationLink({ url }: { url: string }) {
  const { t } = useTranslation('users');
  return (
    <Alert color="yellow" title={t('users.invitationLinkTitle')} data-testid="invitation-link">
      <Stack gap="xs">
        <Text size="sm">{t('users.invitationLinkHint')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="invitation-link-url">
            {url}
          </Code>
          <CopyButton value={url}>
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
    </Alert>
  );
}

export function InvitationLinkModal({ url, onClose }: { url: string | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={url !== null} onClose={onClose} title={t('users.resendInvitation')} centered size="lg">
      {url && (
        <Stack>
          <InvitationLink url={url} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('users.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
