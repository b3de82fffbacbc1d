import type { UserRecord } from '@cuspid/contracts';
import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { Can } from '../../../lib/can';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRoleName } from '../../../lib/role-name';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { useResendInvitation, useUpdateUser, useUser } from '../api/users';
import { InvitationLink } from '../components/invitation-link';
import { UserStatusBadge } from '../components/user-status-badge';
import { userPaths } from '../paths';
import { fullName } from './users';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children || '–'}</Text>
    </div>
  );
}

/** /users/{id}/show */
export function UserShowPage() {
  const { t } = useTranslation(['users', 'account', 'common', 'nav']);
  const roleName = useRoleName();
  const { id = '' } = useParams();
  const user = useUser(id);
  const format = useFormat();
  const u = user.data;
  const resend = useResendInvitation();
  // The invitation link arrives with the create answer (router state) or a resend, when no mail server is set.
  const created = (useLocation().state as { invitationUrl?: string } | null)?.invitationUrl;
  const [resentUrl, setResentUrl] = useState<string | undefined>();
  const invitationUrl = u?.status === 'invited' ? (resentUrl ?? created) : undefined;

  const resendInvitation = async () => {
    if (!u) return;
    try {
      const answer = await resend.mutateAsync(u.id);
      notifySuccess(t('users.invitationSent', { mail: u.mail }));
      setResentUrl(answer.invitation_url);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader
          back={{ to: userPaths.users, list: t('nav:users') }}
          title={u ? fullName(u) || u.mail : t('users.title')}
          actions={
            <Can permission="update-user">
              {u?.status === 'invited' && (
                <Button
                  variant="light"
                  leftSection={<IconMailForward size={16} />}
                  onClick={() => void resendInvitation()}
                  loading={resend.isPending}
                  data-testid="user-resend-invitation"
                >
                  {t('users.resendInvitation')}
                </Button>
              )}
              <EditAction to={userPaths.userEdit(id)}>{t('actions.edit')}</EditAction>
            </Can>
          }
        />
        {invitationUrl && <InvitationLink url={invitationUrl} />}
        <Card withBorder radius="lg" padding="lg" data-testid="user-show">
          <QueryState query={user} skeletonHeight={200} back={{ to: userPaths.users, list: t('nav:users') }}>
            {(u) => (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label={t('users.mail')}>{u.mail}</Field>
                <Field label={t('users.company')}>{u.company_name}</Field>
                <Field label={t('account:settings.firstName')}>{u.first_name}</Field>
                <Field label={t('account:settings.lastName')}>{u.last_name}</Field>
                <Field label={t('account:settings.phone')}>{u.phone}</Field>
                <Field label={t('account:settings.mobile')}>{u.mobile}</Field>
                <Field label={t('account:settings.contactLanguage')}>
                  {t(`common:languages.${u.contact_language}`)}
                </Field>
                <Field label={t('account:settings.timezone')}>{u.timezone}</Field>
                <Field label={t('users.roles')}>
                  <Group gap={4}>
                    {u.roles.map((role) => (
                      <Badge key={role} variant="light">
                        {roleName(role)}
                      </Badge>
                    ))}
                  </Group>
                </Field>
                <Field label={t('users.status')}>
                  <UserStatusBadge status={u.status} />
                </Field>
                {u.invited_at && <Field label={t('users.invitedAt')}>{format.date(u.invited_at, true)}</Field>}
                <Field label={t('users.lastLogin')}>
                  {u.last_login ? format.date(u.last_login, true) : t('users.never')}
                </Field>
                <Field label={t('users.createdAt')}>{format.date(u.created_at, true)}</Field>
                <Field label={t('users.twoFactor')}>
                  <Group gap="xs">
                    <span data-testid="user-two-factor">
                      {u.two_factor_enabled ? t('users.twoFactorOn') : t('users.twoFactorOff')}
                    </span>
                    <Can permission="update-user">
                      <ResetTwoFactorButton user={u} />
                    </Can>
                  </Group>
                </Field>
              </SimpleGrid>
            )}
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}

/** Lost phone: the user signs in with the password alone and may set two-factor sign-in up again (ADR 0033). */
function ResetTwoFactorButton({ user }: { user: UserRecord }) {
  const { t } = useTranslation('users');
  const [opened, setOpened] = useState(false);
  const update = useUpdateUser();
  const isSelf = useSession()?.token_info.user_id === user.id;
  if (!user.two_factor_enabled || isSelf) return null;
  const handleReset = async () => {
    try {
      await update.mutateAsync({ id: user.id, reset_two_factor: true });
      notifySuccess(t('users.twoFactorResetDone'));
      setOpened(false);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={() => setOpened(true)}
        data-testid="user-reset-two-factor"
      >
        {t('users.twoFactorReset')}
      </Button>
      <ConfirmDialog
        opened={opened}
        onCancel={() => setOpened(false)}
        onConfirm={() => void handleReset()}
        loading={update.isPending}
        title={t('users.twoFactorReset')}
        question={t('users.twoFactorResetQuestion', { mail: user.mail })}
        confirmLabel={t('users.twoFactorReset')}
        cancelLabel={t('actions.cancel')}
        testIds={{ confirm: 'user-reset-two-factor-confirm' }}
      />
    </>
  );
}
