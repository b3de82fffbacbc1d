import type { SessionRecord } from '@cuspid/contracts';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { describeUserAgent } from '../../../lib/user-agent';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';

/** The device as people name it ("Firefox 133 on Linux"); the raw User-Agent only where it names no browser. */
function useDeviceName() {
  const { t } = useTranslation('account');
  return (userAgent: string | null) => {
    if (!userAgent) return t('sessions.unknownDevice');
    const { browser, system } = describeUserAgent(userAgent);
    if (browser && system) return t('sessions.device', { browser, system });
    return browser ?? userAgent;
  };
}

/** Asks before one session is ended; ending this device's session signs the user out here. */
function EndSessionModal({
  session,
  loading,
  onCancel,
  onConfirm,
}: {
  session: SessionRecord | null;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('account');
  const deviceName = useDeviceName();
  return (
    <ConfirmDialog
      opened={session !== null}
      onCancel={onCancel}
      onConfirm={onConfirm}
      loading={loading}
      title={t('sessions.endTitle')}
      question={session?.current ? t('sessions.endCurrentQuestion') : t('sessions.endQuestion')}
      subject={session && `${deviceName(session.user_agent)} · ${session.ip}`}
      confirmLabel={t('sessions.end')}
      cancelLabel={t('sessions.cancel')}
      testIds={{ dialog: 'sessions-end-confirm', confirm: 'sessions-end-submit' }}
    />
  );
}

/** The signed-in user's sessions (devices), with "end session" per row and "sign out other sessions". */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const signOut = useSignOutOtherSessions();
  const endSession = useSignOutSession();
  const [ending, setEnding] = useState<SessionRecord | null>(null);
  const format = useFormat();
  const deviceName = useDeviceName();

  const confirmEnd = () => {
    if (!ending) return;
    const session = ending;
    endSession.mutate(session, {
      onSuccess: () => {
        setEnding(null);
        notifySuccess(session.current ? t('sessions.endedCurrent') : t('sessions.ended'));
      },
      onError: (error) => {
        setEnding(null);
        notifyError(error);
      },
    });
  };
  const others = (sessions.data?.data ?? []).filter((s) => !s.current).length;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="sessions-card">
      <Group justify="space-between" mb="md" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {t('sessions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sessions.description')}
          </Text>
        </div>
        <Button
          variant="light"
          color="red"
          disabled={others === 0}
          loading={signOut.isPending}
          data-testid="sessions-sign-out-others"
          onClick={() =>
            void signOut.mutateAsync().then(
              () => notifySuccess(t('sessions.signedOutOthers')),
              (error: unknown) => notifyError(error),
            )
          }
        >
          {t('sessions.signOutOthers')}
        </Button>
      </Group>
      {sessions.isPending && <Skeleton h={80} />}
      {sessions.isError && <Alert color="red">{errorMessage(sessions.error)}</Alert>}
      {sessions.data && (
        <Stack>
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="sessions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.device')}</Table.Th>
                  <Table.Th>{t('sessions.ip')}</Table.Th>
                  <Table.Th>{t('sessions.signedIn')}</Table.Th>
                  <Table.Th>{t('sessions.lastActive')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.data.map((session) => (
                  <Table.Tr key={session.id} data-testid="sessions-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" lineClamp={1} maw={320} title={session.user_agent ?? undefined}>
                          {deviceName(session.user_agent)}
                        </Text>
                        {session.current && (
                          <Badge size="sm" variant="light">
                            {t('sessions.current')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{session.ip}</Table.Td>
                    <Table.Td>{format.date(session.created_at, true)}</Table.Td>
                    <Table.Td>{format.relativeTime(session.last_used_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setEnding(session)}
                        data-testid="sessions-end"
                        aria-label={`${t('sessions.end')}: ${deviceName(session.user_agent)}`}
                      >
                        {t('sessions.end')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <EndSessionModal
        session={ending}
        loading={endSession.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={confirmEnd}
      />
    </Card>
  );
}
