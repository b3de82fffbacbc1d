import { ADMIN_ROLE, type RoleRecord } from '@cuspid/contracts';
import { Badge, Button, Card, Container, Stack } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList, toAuthListQuery } from '../../../components/server-list';
import { Can } from '../../../lib/can';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { useDeleteRole, useRole, useRoleList } from '../api/roles';
import { RoleForm } from '../components/role-form';
import { rolePaths } from '../paths';

/** /roles */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const { params } = useListParams();
  const { sort } = useSortParams();
  const roles = useRoleList(toAuthListQuery(params, sort));
  const remove = useDeleteRole();
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);

  const columns: ListColumn<RoleRecord>[] = [
    { key: 'name', label: t('roles.name'), sortKey: 'name', render: (r) => r.name },
    { key: 'title', label: t('roles.roleTitle'), sortKey: 'title', render: (r) => r.title },
    {
      key: 'partner_type',
      label: t('roles.partnerType'),
      render: (r) => (r.partner_type ? t(`roles.partnerTypes.${r.partner_type}`) : ''),
    },
    { key: 'priority', kind: 'number', label: t('roles.priority'), sortKey: 'priority', render: (r) => r.priority },
    {
      key: 'permissions',
      kind: 'badge',
      label: t('roles.permissions'),
      render: (r) => <Badge variant="light">{r.name === ADMIN_ROLE ? t('roles.all') : r.permissions.length}</Badge>,
    },
    { key: 'users', kind: 'number', label: t('roles.users'), render: (r) => r.user_count },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('roles.deleted'));
      setDeleting(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="roles-page">
        <PageHeader
          title={t('roles.title')}
          actions={
            <Can permission="create-role">
              <Button
                component={Link}
                to={rolePaths.roleCreate}
                leftSection={<IconPlus size={16} />}
                data-testid="roles-create"
              >
                {t('roles.create')}
              </Button>
            </Can>
          }
        />
        <ServerList
          testId="roles"
          columns={columns}
          query={roles}
          searchPlaceholder={t('roles.searchPlaceholder')}
          actions={(role) => (
            <>
              <Can permission="update-role">
                <RowAction label={t('actions.edit')} icon={IconPencil} to={rolePaths.roleEdit(role.id)} />
              </Can>
              <Can permission="delete-role">
                {role.name !== ADMIN_ROLE && (
                  <RowAction
                    label={t('actions.delete')}
                    icon={IconTrash}
                    onClick={() => setDeleting(role)}
                    color="red"
                  />
                )}
              </Can>
            </>
          )}
        />
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        subject={deleting?.title}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}

/** /roles/create */
export function RoleCreatePage() {
  const { t } = useTranslation(['roles', 'nav']);
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: rolePaths.roles, list: t('nav:roles') }} title={t('roles.create')} />
        <Card withBorder radius="lg" padding="lg">
          <RoleForm />
        </Card>
      </Stack>
    </Container>
  );
}

/** /roles/{id}/edit */
export function RoleEditPage() {
  const { t } = useTranslation(['roles', 'nav']);
  const { id = '' } = useParams();
  const role = useRole(id);
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: rolePaths.roles, list: t('nav:roles') }} title={t('roles.edit')} />
        <Card withBorder radius="lg" padding="lg">
          <QueryState query={role} skeletonHeight={300} back={{ to: rolePaths.roles, list: t('nav:roles') }}>
            {(data) => <RoleForm key={data.id} role={data} />}
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}
