import { COMPANY_LOGO_ACCEPT, type Company } from '@cuspid/contracts/companies';
import { Button, FileButton, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Can } from '../../../lib/can';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCompanyLogo, useDeleteCompanyLogo, useUploadCompanyLogo } from '../api/company-logo';

type CompanyLogoProps = { company: Company };

/** Shows a blob as an image (object URL released when the blob changes or the view goes). */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/**
 * A company's logo with upload (PNG, JPEG or SVG; the server checks the content and the size) and
 * delete for those who may manage companies (backoffice-company); everyone else only sees it.
 */
export function CompanyLogo({ company }: CompanyLogoProps) {
  const { t } = useTranslation(['companies', 'common']);
  const logo = useCompanyLogo(company);
  const url = useObjectUrl(company.has_logo ? logo.data : undefined);
  const upload = useUploadCompanyLogo();
  const remove = useDeleteCompanyLogo();
  const [confirming, setConfirming] = useState(false);

  const handleFile = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ companyId: company.id, file });
      notifySuccess(t('logo.uploaded'));
    } catch (error) {
      notifyError(error);
    }
  };

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(company.id);
      setConfirming(false);
      notifySuccess(t('logo.deleted'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm" data-testid="company-logo">
      <Title order={2} size="h4">
        {t('logo.title')}
      </Title>
      <Paper withBorder radius="md" p="md" w={240} h={120} style={{ display: 'grid', placeItems: 'center' }}>
        {!company.has_logo ? (
          <Text size="sm" c="dimmed">
            {t('logo.none')}
          </Text>
        ) : url ? (
          <Image src={url} alt={t('logo.alt', { name: company.company_name })} fit="contain" mah={96} maw={208} />
        ) : logo.isError ? (
          <Text size="sm" c="red">
            {t('logo.loadFailed')}
          </Text>
        ) : (
          <Skeleton h={96} w={208} />
        )}
      </Paper>
      <Can permission="backoffice-company">
        <Text size="xs" c="dimmed">
          {t('logo.hint')}
        </Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void handleFile(file)} accept={COMPANY_LOGO_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending} data-testid="company-logo-upload">
                {company.has_logo ? t('logo.replace') : t('logo.upload')}
              </Button>
            )}
          </FileButton>
          {company.has_logo ? (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)} data-testid="company-logo-delete">
              {t('logo.delete')}
            </Button>
          ) : null}
        </Group>
        <ConfirmDialog
          opened={confirming}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void handleDelete()}
          loading={remove.isPending}
          title={t('logo.confirmTitle')}
          question={t('logo.confirmText')}
          confirmLabel={t('logo.delete')}
          cancelLabel={t('form.cancel')}
        />
      </Can>
    </Stack>
  );
}
