import type { Coupon } from '@cuspid/contracts/coupons';
import { Card, Container, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DeleteAction, EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useCoupon, useCouponHistory, useDeleteCoupon } from '../api/coupons';
import { CouponStatusBadge, useCouponGrant, usedOf } from '../components/coupon-display';
import { couponPaths } from '../paths';

const HISTORY_PAGE_SIZE = 10;

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '–'}</Text>
    </div>
  );
}

function CouponDetails({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('coupons');
  const grant = useCouponGrant();
  const format = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      <Field label={t('fields.kind')} value={t(`kind.${coupon.kind}`)} />
      <Field label={t('fields.grant')} value={grant(coupon)} />
      <Field label={t('fields.description')} value={coupon.description} />
      <Field label={t('fields.uses')} value={usedOf(coupon.uses, coupon.max_uses)} />
      <Field label={t('fields.freeUsers')} value={usedOf(coupon.companies_used, coupon.free_users)} />
      <Field label={t('fields.maxUsesPerCompany')} value={String(coupon.max_uses_per_company)} />
      <Field label={t('fields.startsAt')} value={coupon.starts_at ? format.date(coupon.starts_at, true) : null} />
      <Field label={t('fields.endsAt')} value={coupon.ends_at ? format.date(coupon.ends_at, true) : null} />
      <Field label={t('fields.active')} value={coupon.active ? t('show.yes') : t('show.no')} />
    </SimpleGrid>
  );
}

/** The coupon's redemptions, newest first ('used by'), paged on the server. */
function CouponHistoryTable({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('coupons');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const history = useCouponHistory(coupon.id, page, HISTORY_PAGE_SIZE);
  return (
    <QueryState
      query={history}
      failure="line"
      skeletonHeight={80}
      isEmpty={(data) => data.total === 0}
      empty={<Text c="dimmed">{t('history.none')}</Text>}
    >
      {(data) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="coupon-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.company')}</Table.Th>
                  <Table.Th>{t('history.user')}</Table.Th>
                  <Table.Th>{t('history.gave')}</Table.Th>
                  <Table.Th>{t('history.invoice')}</Table.Th>
                  <Table.Th>{t('history.redeemedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((row) => (
                  <Table.Tr key={row.id} data-testid="coupon-history-row">
                    <Table.Td>{row.company.name}</Table.Td>
                    <Table.Td>{row.user?.name ?? '–'}</Table.Td>
                    <Table.Td>
                      {row.credits !== null
                        ? t(`grant.credits_${row.credit_type ?? 'free'}`, { count: row.credits })
                        : row.discount_cents !== null
                          ? t('history.discount', {
                              amount: format.money(row.discount_cents, coupon.currency),
                            })
                          : '–'}
                    </Table.Td>
                    <Table.Td>{row.invoice_id ?? '–'}</Table.Td>
                    <Table.Td>{format.date(row.redeemed_at, true)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.total > HISTORY_PAGE_SIZE && (
            <Pagination total={Math.ceil(data.total / HISTORY_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** One coupon code with its history (route /coupon-codes/:id/show). */
export function CouponShowPage() {
  const { t } = useTranslation(['coupons', 'common', 'nav']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const coupon = useCoupon(id);
  const remove = useDeleteCoupon();
  const [confirming, setConfirming] = useState(false);

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(id);
      notifySuccess(t('show.deleted'));
      void navigate(couponPaths.couponCodes);
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <QueryState
      query={coupon}
      loadFailed={t('loadFailed')}
      back={{ to: couponPaths.couponCodes, list: t('nav:couponCodes') }}
    >
      {(data) => (
        <Container size="lg" px={0}>
          <Stack gap="lg" data-testid="coupon-show">
            <PageHeader
              back={{ to: couponPaths.couponCodes, list: t('nav:couponCodes') }}
              title={
                <Text span inherit ff="monospace">
                  {data.code}
                </Text>
              }
              badges={<CouponStatusBadge status={data.status} />}
              actions={
                <>
                  <EditAction to={couponPaths.couponEdit(id)}>{t('show.edit')}</EditAction>
                  <DeleteAction onClick={() => setConfirming(true)}>{t('show.delete')}</DeleteAction>
                </>
              }
            />
            <Card withBorder radius="lg" padding="lg">
              <CouponDetails coupon={data} />
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('history.title')}
              </Title>
              <CouponHistoryTable coupon={data} />
            </Card>
            <ConfirmDeleteModal
              opened={confirming}
              onCancel={() => setConfirming(false)}
              onConfirm={() => void handleDelete()}
              loading={remove.isPending}
              subject={data.code}
              details={data.uses > 0 ? t('show.deleteKeepsHistory') : undefined}
            />
          </Stack>
        </Container>
      )}
    </QueryState>
  );
}
