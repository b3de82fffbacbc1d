import type { Permission } from '@cuspid/contracts';
import { Anchor, Code, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const COLUMNS = ['title', 'value', 'scope', 'grouping'] as const;

type PermissionsTableProps = {
  /** `undefined` while the first page loads: skeleton rows. */
  permissions: Permission[] | undefined;
  /** Rows of skeleton to show while loading. */
  skeletonRows: number;
  /** The rows shown are the previous page's while the next one loads. */
  stale?: boolean;
  /** Titles link to /permissions/{id}/edit (the user holds update-permission). */
  editable?: boolean;
};

/** The read-only permission table: title, value, scope, grouping. */
export function PermissionsTable({
  permissions,
  skeletonRows,
  stale = false,
  editable = false,
}: PermissionsTableProps) {
  const { t } = useTranslation('permissions');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        data-testid="permissions-table"
        aria-busy={permissions === undefined || stale}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {t(`columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody data-testid={permissions === undefined ? 'permissions-loading' : undefined}>
          {permissions === undefined
            ? Array.from({ length: skeletonRows }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                <Table.Tr key={row}>
                  {COLUMNS.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton h={14} my={4} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : permissions.map((permission) => (
                <Table.Tr key={permission.id} data-testid="permissions-row">
                  <Table.Td>
                    {editable ? (
                      <Anchor component={Link} to={`/permissions/${permission.id}/edit`}>
                        <Code>{permission.title}</Code>
                      </Anchor>
                    ) : (
                      <Code>{permission.title}</Code>
                    )}
                  </Table.Td>
                  <Table.Td>{permission.value}</Table.Td>
                  <Table.Td>{permission.scope}</Table.Td>
                  <Table.Td>
                    {permission.grouping ?? (
                      <Text span c="dimmed" size="sm">
                        {t('noGrouping')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
