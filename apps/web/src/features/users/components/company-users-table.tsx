import { Alert, Anchor, Badge, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { columnCellProps } from '../../../components/column-kind';
import { errorMessage } from '../../../lib/notify';
import { useRoleName } from '../../../lib/role-name';
import { useFormat } from '../../../lib/use-format';
import { useUserList } from '../api/users';
import { userPaths } from '../paths';
import { UserStatusBadge } from './user-status-badge';

const PAGE_SIZE = 25;

/** The users of one company (GET /auth/list-users?company_id=…), paged on the server, each linked to its page. */
export function CompanyUsersTable({ companyId }: { companyId: string }) {
  const { t } = useTranslation(['users', 'crm']);
  const roleName = useRoleName();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const users = useUserList({
    company_id: companyId,
    limit_start: (page - 1) * PAGE_SIZE,
    limit_count: PAGE_SIZE,
    sort_by: 'last_name',
    sort_dir: 'asc',
  });

  if (users.isError) {
    return (
      <Alert color="red" title={t('crm:companyUsers.loadFailed')}>
        {errorMessage(users.error)}
      </Alert>
    );
  }
  if (!users.data) return <Skeleton h={120} />;
  if (users.data.data.length === 0) return <Text c="dimmed">{t('crm:companyUsers.empty')}</Text>;
  const pages = Math.max(1, Math.ceil(users.data.count / PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="company-users-table" data-list-table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('crm:companyUsers.name')}</Table.Th>
              <Table.Th>{t('users.mail')}</Table.Th>
              <Table.Th {...columnCellProps('badge')}>{t('users.roles')}</Table.Th>
              <Table.Th {...columnCellProps('badge')}>{t('users.status')}</Table.Th>
              <Table.Th {...columnCellProps('date')}>{t('users.lastLogin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.data.map((user) => {
              const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.mail;
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Anchor component={Link} to={userPaths.userShow(user.id)}>
                      {name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.mail}</Table.Td>
                  <Table.Td {...columnCellProps('badge')}>
                    <Group gap={4}>
                      {user.roles.map((role) => (
                        <Badge key={role} variant="light" size="sm">
                          {roleName(role)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td {...columnCellProps('badge')}>
                    <UserStatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td {...columnCellProps('date')}>
                    {user.last_login ? (
                      format.relativeTime(user.last_login)
                    ) : (
                      <Text span c="dimmed">
                        {t('users.never')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('crm:companyUsers.total', { count: users.data.count })}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Group>
    </Stack>
  );
}
