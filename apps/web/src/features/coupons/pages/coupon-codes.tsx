import {
  COUPON_KINDS,
  COUPON_STATUSES,
  type Coupon,
  type CouponKind,
  type CouponStatus,
} from '@cuspid/contracts/coupons';
import { Anchor, Button, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useFormat } from '../../../lib/use-format';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { useCouponPage } from '../api/coupons';
import { CouponStatusBadge, useCouponGrant, usedOf } from '../components/coupon-display';
import { couponPaths } from '../paths';

const isStatus = (value: string): value is CouponStatus => (COUPON_STATUSES as readonly string[]).includes(value);
const isKind = (value: string): value is CouponKind => (COUPON_KINDS as readonly string[]).includes(value);

/** Coupon codes (route /coupon-codes, backoffice-coupon-code): paged, searched, filtered and sorted on the server. */
export function CouponCodesPage() {
  const { t } = useTranslation(['coupons', 'common']);
  const { params } = useListParams();
  const { sort } = useSortParams();
  const filters = useUrlFilters(['status', 'kind'] as const);
  const { values, setFilter } = filters;
  const coupons = useCouponPage({
    ...params,
    status: isStatus(values.status) ? values.status : '',
    kind: isKind(values.kind) ? values.kind : '',
    sortBy: sort.sortBy,
    sortDir: sort.sortDir,
  });
  const grant = useCouponGrant();
  const format = useFormat();
  const day = (value: string | null) => (value ? format.date(value) : '…');

  const columns: ListColumn<Coupon>[] = [
    {
      key: 'code',
      kind: 'code',
      label: t('fields.code'),
      sortKey: 'code',
      render: (coupon) => (
        <Anchor component={Link} to={couponPaths.couponShow(coupon.id)} ff="monospace">
          {coupon.code}
        </Anchor>
      ),
    },
    {
      key: 'grant',
      label: t('fields.grant'),
      render: (coupon) => (
        <Stack gap={0}>
          <Text size="sm">{grant(coupon)}</Text>
          {coupon.description && (
            <Text size="xs" c="dimmed" lineClamp={1} title={coupon.description}>
              {coupon.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'uses',
      kind: 'number',
      label: t('fields.uses'),
      sortKey: 'uses',
      render: (c) => usedOf(c.uses, c.max_uses),
    },
    {
      key: 'free_users',
      kind: 'number',
      label: t('fields.freeUsers'),
      render: (c) => usedOf(c.companies_used, c.free_users),
    },
    {
      key: 'valid',
      kind: 'date',
      label: t('fields.valid'),
      sortKey: 'starts_at',
      render: (c) => (c.starts_at || c.ends_at ? `${day(c.starts_at)} – ${day(c.ends_at)}` : t('list.always')),
    },
    { key: 'status', kind: 'badge', label: t('fields.status'), render: (c) => <CouponStatusBadge status={c.status} /> },
  ];

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="coupon-codes-page">
        <PageHeader
          title={t('list.title')}
          description={t('list.intro')}
          actions={
            <Button component={Link} to={couponPaths.couponCreate} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          }
        />
        <ServerList
          testId="coupon-codes"
          rowTestId="coupon-row"
          columns={columns}
          query={coupons}
          searchPlaceholder={t('list.searchPlaceholder')}
          filtered={filters.active}
          loadFailed={t('loadFailed')}
          empty={{ title: t('list.emptyTitle'), hint: t('list.emptyHint') }}
          filters={
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('fields.status')}
                value={values.status}
                onChange={(event) => setFilter('status', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allStatuses') },
                  ...COUPON_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
                ]}
                data-testid="coupon-status-filter"
              />
              <NativeSelect
                label={t('fields.kind')}
                value={values.kind}
                onChange={(event) => setFilter('kind', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allKinds') },
                  ...COUPON_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
                ]}
                data-testid="coupon-kind-filter"
              />
            </Group>
          }
        />
      </Stack>
    </Container>
  );
}
