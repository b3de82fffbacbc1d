import type { UserRecord } from '@cuspid/contracts';
import { Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconMailForward, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList, toAuthListQuery } from '../../../components/server-list';
import { Can } from '../../../lib/can';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRoleName } from '../../../lib/role-name';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { useListParams } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { useDeleteUser, useResendInvitation, useUserList } from '../api/users';
import { InvitationLinkModal } from '../components/invitation-link';
import { UserStatusBadge } from '../components/user-status-badge';
import { userPaths } from '../paths';

export const fullName = (user: Pick<UserRecord, 'first_name' | 'last_name'>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ');

/** /users: every user the caller may see (company users: their own company), paged on the server. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const users = useUserList(toAuthListQuery(params, sort));
  const remove = useDeleteUser();
  const resend = useResendInvitation();
  const [invitationUrl, setInvitationUrl] = useState<string | null>(null);
  const format = useFormat();
  const selfId = useSession()?.token_info.user_id;
  const [deleting, setDeleting] = useState<UserRecord | null>(null);

  const columns: ListColumn<UserRecord>[] = [
    { key: 'mail', label: t('users.mail'), sortKey: 'mail', render: (u) => u.mail },
    { key: 'first_name', label: t('users.firstName'), sortKey: 'first_name', render: (u) => u.first_name ?? '' },
    { key: 'last_name', label: t('users.lastName'), sortKey: 'last_name', render: (u) => u.last_name ?? '' },
    { key: 'company', label: t('users.company'), sortKey: 'company_name', render: (u) => u.company_name },
    {
      key: 'roles',
      kind: 'badge',
      label: t('users.roles'),
      render: (u) => (
        <Group gap={4}>
          {u.roles.map((role) => (
            <Badge key={role} variant="light" size="sm">
              {roleName(role)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      kind: 'badge',
      label: t('users.status'),
      render: (u) => <UserStatusBadge status={u.status} />,
    },
    {
      key: 'last_login',
      kind: 'date',
      label: t('users.lastLogin'),
      sortKey: 'last_login',
      render: (u) => (u.last_login ? format.relativeTime(u.last_login) : <Text c="dimmed">{t('users.never')}</Text>),
    },
  ];

  const resendInvitation = async (user: UserRecord) => {
    try {
      const answer = await resend.mutateAsync(user.id);
      notifySuccess(t('users.invitationSent', { mail: user.mail }));
      if (answer.invitation_url) setInvitationUrl(answer.invitation_url);
    } catch (error) {
      notifyError(error);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('users.deleted'));
      setDeleting(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="users-page">
        <PageHeader
          title={t('users.title')}
          actions={
            <Can permission="create-user">
              <Button
                component={Link}
                to={userPaths.userCreate}
                leftSection={<IconPlus size={16} />}
                data-testid="users-create"
              >
                {t('users.create')}
              </Button>
            </Can>
          }
        />
        <ServerList
          testId="users"
          columns={columns}
          query={users}
          searchPlaceholder={t('users.searchPlaceholder')}
          actions={(user) => (
            <>
              <RowAction label={t('actions.show')} icon={IconEye} to={userPaths.userShow(user.id)} />
              <Can permission="update-user">
                {user.status === 'invited' && (
                  <RowAction
                    label={t('users.resendInvitation')}
                    icon={IconMailForward}
                    onClick={() => void resendInvitation(user)}
                    loading={resend.isPending && resend.variables === user.id}
                    testId="user-resend-invitation"
                  />
                )}
                <RowAction label={t('actions.edit')} icon={IconPencil} to={userPaths.userEdit(user.id)} />
              </Can>
              <Can permission="delete-user">
                {user.id !== selfId && (
                  <RowAction
                    label={t('actions.delete')}
                    icon={IconTrash}
                    onClick={() => setDeleting(user)}
                    color="red"
                  />
                )}
              </Can>
            </>
          )}
        />
      </Stack>
      <InvitationLinkModal url={invitationUrl} onClose={() => setInvitationUrl(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        subject={deleting?.mail}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}
