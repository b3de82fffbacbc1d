import { Alert, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { MailPreferencesCard } from '../components/mail-preferences-card';
import { PasswordChangeForm } from '../components/password-change-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

export function AccountSettingPage() {
  const { t } = useTranslation(['account', 'common']);
  const session = useSession();
  const userId = session?.token_info.user_id ?? '';
  // A role requires two-factor sign-in the user has not set up: the server allows nothing else (ADR 0033).
  const mustSetUpTwoFactor = session?.token_info.two_factor_setup_required === true;
  const profile = useProfile(userId);
  const [isProfileDirty, setProfileDirty] = useState(false);
  const [isPasswordDirty, setPasswordDirty] = useState(false);

  // Each card keeps its place whether or not the others show, so the two-factor card keeps its state
  // (the recovery codes on screen) when the required setup completes.
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('settings.title')} />
        {mustSetUpTwoFactor && (
          <Alert color="orange" title={t('twoFactor.setupRequiredTitle')} data-testid="two-factor-setup-required">
            {t('twoFactor.setupRequired')}
          </Alert>
        )}
        {!mustSetUpTwoFactor && (
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4">
              {t('settings.profileTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('settings.profileDescription')}
            </Text>
            <QueryState
              query={profile}
              failure="alert"
              retry
              loadFailed={t('settings.loadFailed')}
              loading={
                <Stack data-testid="profile-loading">
                  <Skeleton h={36} />
                  <Skeleton h={36} />
                  <Skeleton h={36} />
                </Stack>
              }
            >
              {(data) => <ProfileForm key={data.id} profile={data} onDirtyChange={setProfileDirty} />}
            </QueryState>
          </Card>
        )}
        {!mustSetUpTwoFactor && (
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4">
              {t('settings.passwordTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('settings.passwordDescription')}
            </Text>
            <PasswordChangeForm onDirtyChange={setPasswordDirty} />
          </Card>
        )}
        {!mustSetUpTwoFactor && <MailPreferencesCard />}
        <TwoFactorCard />
        {!mustSetUpTwoFactor && <SessionsCard />}
      </Stack>
      <UnsavedChangesGuard when={isProfileDirty || isPasswordDirty} />
    </Container>
  );
}
