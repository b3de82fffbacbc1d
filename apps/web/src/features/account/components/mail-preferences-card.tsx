import type { UserMailEvent } from '@cuspid/contracts/mail';
import { Alert, Button, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';

/**
 * Which mails about their cases the user receives: one switch per event, saved as it is flipped. Mails that keep
 * the account safe and invoices are always sent, as the card says.
 */
export function MailPreferencesCard() {
  const { t } = useTranslation(['account', 'common']);
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();

  const toggle = (event: UserMailEvent, mail: boolean) =>
    update.mutate(
      { preferences: [{ event, mail }] },
      {
        onSuccess: () => notifySuccess(t('mailPreferences.saved')),
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="mail-preferences">
      <Title order={2} size="h4">
        {t('mailPreferences.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('mailPreferences.description')}
      </Text>
      {preferences.isPending && (
        <Stack>
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      )}
      {preferences.isError && (
        <Alert color="red" title={t('mailPreferences.loadFailed')}>
          <Text size="sm" mb="sm">
            {errorMessage(preferences.error)}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void preferences.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
      {preferences.data && (
        <Stack gap="sm">
          {preferences.data.data.map(({ event, mail }) => (
            <Switch
              key={event}
              checked={mail}
              disabled={update.isPending}
              onChange={(e) => toggle(event, e.currentTarget.checked)}
              label={t(`mailPreferences.events.${event}`)}
              data-testid={`mail-preference-${event}`}
            />
          ))}
          <Text size="xs" c="dimmed">
            {t('mailPreferences.alwaysSent')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
