import type { CountryCredit } from '@cuspid/contracts/packages';
import { Button, Container, Stack, Text } from '@mantine/core';
import { IconDental, IconPencil, IconPlus, IconReceipt, IconSettings, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useCountryCreditPage, useDeleteCountryCredit } from '../api/packages';
import { CountryCreditModal } from '../components/country-credit-modal';
import { packagePaths } from '../paths';

/** /country-credits (backoffice-package): what an upper and a lower jaw tooth cost per country. */
export function CountryCreditsPage() {
  const { t, i18n } = useTranslation(['packages', 'common']);
  const { params } = useListParams();
  const rows = useCountryCreditPage(params);
  const remove = useDeleteCountryCredit();
  const [editing, setEditing] = useState<CountryCredit | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CountryCredit | null>(null);
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const countryName = (code: string) => `${names.of(code) ?? code} (${code})`;

  const columns: ListColumn<CountryCredit>[] = [
    { key: 'country', label: t('fields.country'), render: (row) => countryName(row.country) },
    {
      key: 'upper',
      kind: 'number',
      label: t('fields.upperToothCredits'),
      render: (row) => t('price.credits', { count: row.upper_tooth_credits }),
    },
    {
      key: 'lower',
      kind: 'number',
      label: t('fields.lowerToothCredits'),
      render: (row) => t('price.credits', { count: row.lower_tooth_credits }),
    },
  ];

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('countryCredits.deleted'));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="country-credits-page">
        <PageHeader
          title={t('countryCredits.title')}
          description={t('countryCredits.intro')}
          actions={
            <>
              <Button
                variant="light"
                component={Link}
                to={packagePaths.packages}
                leftSection={<IconReceipt size={16} aria-hidden />}
              >
                {t('links.packages')}
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
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setAdding(true)}
                data-testid="country-credit-add"
              >
                {t('countryCredits.add')}
              </Button>
            </>
          }
        />
        <ServerList
          testId="country-credits"
          rowTestId="country-credit-row"
          columns={columns}
          query={rows}
          searchLabel={t('countryCredits.search')}
          searchPlaceholder={t('countryCredits.searchPlaceholder')}
          minWidth={560}
          empty={{
            icon: <IconDental size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('countryCredits.emptyTitle'),
            hint: t('countryCredits.emptyHint'),
          }}
          actions={(row) => (
            <>
              <RowAction
                label={t('countryCredits.editOne', { country: row.country })}
                icon={IconPencil}
                onClick={() => setEditing(row)}
              />
              <RowAction
                label={t('countryCredits.deleteOne', { country: row.country })}
                icon={IconTrash}
                color="red"
                onClick={() => setDeleting(row)}
              />
            </>
          )}
        />
        <CountryCreditModal
          opened={adding || editing !== null}
          row={editing}
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
          subject={deleting ? countryName(deleting.country) : undefined}
          details={deleting ? <Text size="sm">{t('countryCredits.deleteHint')}</Text> : undefined}
        />
      </Stack>
    </Container>
  );
}
