import type { CountryPackage } from '@cuspid/contracts/packages';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RowAction } from '../../../components/row-action';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useCountryPrices, useDeleteCountryPrice, usePackage } from '../api/packages';
import { CountryPriceModal } from '../components/country-price-modal';
import { packagePaths } from '../paths';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** /packages/{id}/show: the package's details and its prices per country (add, edit, remove). */
export function PackageShowPage() {
  const { t, i18n } = useTranslation(['packages', 'common', 'nav']);
  const format = useFormat();
  const { id = '' } = useParams();
  const pkg = usePackage(id);
  const prices = useCountryPrices(id);
  const remove = useDeleteCountryPrice();
  const [editing, setEditing] = useState<CountryPackage | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CountryPackage | null>(null);
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const countryName = (code: string) => `${names.of(code) ?? code} (${code})`;

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('countryPrices.deleted'));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <QueryState query={pkg} back={{ to: packagePaths.packages, list: t('nav:packages') }}>
      {(data) => (
        <Container size="lg" px={0}>
          <Stack gap="lg" data-testid="package-show-page">
            <PageHeader
              back={{ to: packagePaths.packages, list: t('nav:packages') }}
              title={data.name}
              titleTestId="package-title"
              actions={<EditAction to={packagePaths.packageEdit(id)}>{t('edit')}</EditAction>}
            />
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('details')}
              </Title>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                  <Detail label={t('fields.credits')}>{data.credits}</Detail>
                  <Detail label={t('fields.price')}>{format.money(data.price_cents, data.currency)}</Detail>
                  <Detail label={t('fields.creditType')}>{t(`creditType.${data.credit_type}`)}</Detail>
                  <Detail label={t('fields.active')}>
                    <Badge variant={data.active ? 'light' : 'outline'} color={data.active ? 'green' : 'gray'}>
                      {data.active ? t('status.active') : t('status.inactive')}
                    </Badge>
                  </Detail>
                  <Detail label={t('fields.sortOrder')}>{data.sort_order}</Detail>
                  <Detail label={t('fields.updated')}>{format.date(data.updated_at, true)}</Detail>
                </SimpleGrid>
                <Detail label={t('fields.description')}>
                  <Text c={data.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
                    {data.description ?? t('noDescription')}
                  </Text>
                </Detail>
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Group justify="space-between" mb="sm">
                <div>
                  <Title order={2} size="h4">
                    {t('countryPrices.title')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('countryPrices.intro')}
                  </Text>
                </div>
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setAdding(true)}
                  data-testid="country-price-add"
                >
                  {t('countryPrices.add')}
                </Button>
              </Group>
              <QueryState
                query={prices}
                failure="alert"
                skeletonHeight={80}
                isEmpty={(rows) => rows.length === 0}
                empty={
                  <Text c="dimmed" data-testid="country-prices-empty">
                    {t('countryPrices.empty')}
                  </Text>
                }
              >
                {(rows) => (
                  <Table.ScrollContainer minWidth={520}>
                    <Table striped data-testid="country-prices">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('fields.country')}</Table.Th>
                          <Table.Th>{t('fields.price')}</Table.Th>
                          <Table.Th>{t('fields.available')}</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>{t('common:list.actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows.map((row) => (
                          <Table.Tr key={row.id} data-testid="country-price-row">
                            <Table.Td>{countryName(row.country)}</Table.Td>
                            <Table.Td>{format.money(row.price_cents, row.currency)}</Table.Td>
                            <Table.Td>
                              <Badge variant="light" color={row.available ? 'green' : 'gray'}>
                                {row.available ? t('countryPrices.available') : t('countryPrices.hidden')}
                              </Badge>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                <RowAction
                                  label={t('countryPrices.editOne', { country: row.country })}
                                  icon={IconPencil}
                                  onClick={() => setEditing(row)}
                                />
                                <RowAction
                                  label={t('countryPrices.deleteOne', { country: row.country })}
                                  icon={IconTrash}
                                  color="red"
                                  onClick={() => setDeleting(row)}
                                />
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </QueryState>
            </Card>
            <CountryPriceModal
              opened={adding || editing !== null}
              packageId={data.id}
              currency={data.currency}
              price={editing}
              onClose={() => {
                setAdding(false);
                setEditing(null);
              }}
            />
            <ConfirmDeleteModal
              opened={deleting !== null}
              onCancel={() => setDeleting(null)}
              onConfirm={() => void handleDelete()}
              loading={remove.isPending}
              subject={deleting ? `${data.name}: ${countryName(deleting.country)}` : undefined}
            />
          </Stack>
        </Container>
      )}
    </QueryState>
  );
}
