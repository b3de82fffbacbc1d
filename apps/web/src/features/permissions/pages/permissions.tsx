import type { Permission } from '@cuspid/contracts';
import { Anchor, Button, Code, Container, Stack, Text } from '@mantine/core';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { Can, useCan } from '../../../lib/can';
import { useListParams } from '../../../lib/use-list-params';
import { usePermissionPage } from '../api/get-permissions';
import { permissionPaths } from '../paths';

/** Read-only list of every permission (route permission `list-permissions`); paged and searched on the server. */
export function PermissionsPage() {
  const { t } = useTranslation(['permissions', 'common']);
  const { params } = useListParams();
  const permissions = usePermissionPage(params);
  const { can } = useCan();
  const editable = can('update-permission');

  const columns: ListColumn<Permission>[] = [
    {
      key: 'title',
      label: t('columns.title'),
      render: (permission) =>
        editable ? (
          <Anchor component={Link} to={permissionPaths.permissionEdit(permission.id)}>
            <Code>{permission.title}</Code>
          </Anchor>
        ) : (
          <Code>{permission.title}</Code>
        ),
    },
    { key: 'value', label: t('columns.value'), render: (permission) => permission.value },
    { key: 'scope', label: t('columns.scope'), render: (permission) => permission.scope },
    {
      key: 'grouping',
      label: t('columns.grouping'),
      render: (permission) =>
        permission.grouping ?? (
          <Text span c="dimmed" size="sm">
            {t('noGrouping')}
          </Text>
        ),
    },
  ];

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="permissions-page">
        <PageHeader
          title={t('title')}
          description={t('intro')}
          actions={
            <Can permission="create-permission">
              <Button component={Link} to={permissionPaths.permissionCreate} leftSection={<IconPlus size={16} />}>
                {t('permissions:permissionsAdmin.create')}
              </Button>
            </Can>
          }
        />
        <ServerList
          testId="permissions"
          columns={columns}
          query={permissions}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('searchPlaceholder')}
          loadFailed={t('loadFailed')}
          minWidth={640}
          empty={{
            icon: <IconKeyOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('empty.noneTitle'),
            hint: t('empty.noneHint'),
            searchTitle: t('empty.searchTitle'),
            searchHint: t('empty.searchHint'),
          }}
        />
      </Stack>
    </Container>
  );
}
