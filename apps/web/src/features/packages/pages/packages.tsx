import type { Package } from '@cuspid/contracts/packages';
import { Anchor, Badge, Button, Container, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  IconDental,
  IconEye,
  IconPackageOff,
  IconPencil,
  IconPlus,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { type PackagePageParams, useDeletePackage, usePackagePage } from '../api/packages';
import { packagePaths } from '../paths';

const pick = <T extends string>(value: string, options: readonly T[]): T | '' =>
  (options as readonly string[]).includes(value) ? (value as T) : '';

/** /packages (backoffice-package): the credit packages, paged, searched, filtered and sorted on the server. */
export function PackagesPage() {
  const { t } = useTranslation(['packages', 'common']);
  const format = useFormat();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const filters = useUrlFilters(['active', 'credit_type'] as const);
  const query: PackagePageParams = {
    ...params,
    active: pick(filters.values.active, ['true', 'false'] as const),
    creditType: pick(filters.values.credit_type, ['paid', 'free'] as const),
    sortBy: sort.sortBy,
    sortDir: sort.sortDir,
  };
  const packages = usePackagePage(query);
  const remove = useDeletePackage();
  const [deleting, setDeleting] = useState<Package | null>(null);

  const columns: ListColumn<Package>[] = [
    {
      key: 'name',
      label: t('fields.name'),
      sortKey: 'name',
      render: (pkg) => (
        <Anchor component={Link} to={packagePaths.packageShow(pkg.id)}>
          {pkg.name}
        </Anchor>
      ),
    },
    { key: 'credits', kind: 'number', label: t('fields.credits'), sortKey: 'credits', render: (pkg) => pkg.credits },
    {
      key: 'price',
      kind: 'money',
      label: t('fields.price'),
      sortKey: 'price_cents',
      render: (pkg) => format.money(pkg.price_cents, pkg.currency),
    },
    {
      key: 'credit_type',
      kind: 'badge',
      label: t('fields.creditType'),
      render: (pkg) => (
        <Badge variant="light" color={pkg.credit_type === 'free' ? 'teal' : 'blue'}>
          {t(`creditType.${pkg.credit_type}`)}
        </Badge>
      ),
    },
    {
      key: 'active',
      kind: 'badge',
      label: t('fields.active'),
      render: (pkg) => (
        <Badge variant={pkg.active ? 'light' : 'outline'} color={pkg.active ? 'green' : 'gray'}>
          {pkg.active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'sort_order',
      kind: 'number',
      label: t('fields.sortOrder'),
      sortKey: 'sort_order',
      render: (pkg) => pkg.sort_order,
    },
  ];

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('deleted'));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="packages-page">
        <PageHeader
          title={t('title')}
          description={t('intro')}
          actions={
            <>
              <Button
                variant="light"
                component={Link}
                to={packagePaths.countryCredits}
                leftSection={<IconDental size={16} aria-hidden />}
              >
                {t('links.countryCredits')}
              </Button>
              <Button
                variant="light"
                component={Link}
                to={packagePaths.creditSettings}
                leftSection={<IconSettings size={16} aria-hidden />}
              >
                {t('links.creditSettings')}
              </Button>
              <Button
                component={Link}
                to={packagePaths.packageCreate}
                leftSection={<IconPlus size={16} aria-hidden />}
                data-testid="package-create"
              >
                {t('create')}
              </Button>
            </>
          }
        />
        <ServerList
          testId="packages"
          rowTestId="package-row"
          columns={columns}
          query={packages}
          searchPlaceholder={t('searchPlaceholder')}
          loadFailed={t('loadFailed')}
          minWidth={760}
          filtered={filters.active}
          empty={{
            icon: <IconPackageOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('empty.noneTitle'),
            hint: t('empty.noneHint'),
            searchTitle: t('empty.searchTitle'),
            searchHint: t('empty.searchHint'),
          }}
          filters={
            <Group gap="lg" align="flex-end">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="packages-active-filter-label">
                  {t('fields.active')}
                </Text>
                <SegmentedControl
                  aria-labelledby="packages-active-filter-label"
                  value={query.active}
                  onChange={(value) => filters.setFilter('active', value)}
                  data={[
                    { value: '', label: t('filters.all') },
                    { value: 'true', label: t('status.active') },
                    { value: 'false', label: t('status.inactive') },
                  ]}
                  data-testid="packages-active-filter"
                />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="packages-type-filter-label">
                  {t('fields.creditType')}
                </Text>
                <SegmentedControl
                  aria-labelledby="packages-type-filter-label"
                  value={query.creditType}
                  onChange={(value) => filters.setFilter('credit_type', value)}
                  data={[
                    { value: '', label: t('filters.all') },
                    { value: 'paid', label: t('creditType.paid') },
                    { value: 'free', label: t('creditType.free') },
                  ]}
                  data-testid="packages-type-filter"
                />
              </Stack>
            </Group>
          }
          actions={(pkg) => (
            <>
              <RowAction
                label={t('actions.show', { name: pkg.name })}
                icon={IconEye}
                to={packagePaths.packageShow(pkg.id)}
              />
              <RowAction
                label={t('actions.edit', { name: pkg.name })}
                icon={IconPencil}
                to={packagePaths.packageEdit(pkg.id)}
              />
              <RowAction
                label={t('actions.delete', { name: pkg.name })}
                icon={IconTrash}
                onClick={() => setDeleting(pkg)}
                color="red"
              />
            </>
          )}
        />
        <ConfirmDeleteModal
          opened={deleting !== null}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void handleDelete()}
          loading={remove.isPending}
          subject={deleting?.name}
        />
      </Stack>
    </Container>
  );
}
