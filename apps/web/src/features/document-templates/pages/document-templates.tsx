import type { DocumentTemplate } from '@cuspid/contracts';
import { Anchor, Badge, Button, Container, Stack } from '@mantine/core';
import { IconEye, IconFileOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteTemplate, useTemplatePage } from '../api/document-templates';
import { documentTemplatePaths } from '../paths';

/** /document-templates: the DOCX templates, paged and searched on the server. */
export function DocumentTemplatesPage() {
  const { t } = useTranslation(['document-templates', 'common']);
  const format = useFormat();
  const { params } = useListParams();
  const templates = useTemplatePage(params);
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<string | null>(null);

  const columns: ListColumn<DocumentTemplate>[] = [
    {
      key: 'name',
      label: t('templates.columns.name'),
      render: (template) => (
        <Anchor component={Link} to={documentTemplatePaths.documentTemplateShow(template.id)}>
          {template.name}
        </Anchor>
      ),
    },
    { key: 'fileName', label: t('templates.columns.fileName'), render: (template) => template.file_name },
    {
      key: 'variables',
      kind: 'number',
      label: t('templates.columns.variables'),
      render: (template) => <Badge variant="light">{template.variables.length}</Badge>,
    },
    {
      key: 'updated',
      kind: 'date',
      label: t('templates.columns.updated'),
      render: (template) => format.date(template.updated_at, true),
    },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notifySuccess(t('templates.deleted'));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="document-templates-page">
        <PageHeader
          title={t('templates.title')}
          description={t('templates.intro')}
          actions={
            <Button
              component={Link}
              to={documentTemplatePaths.documentTemplateCreate}
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="template-create"
            >
              {t('templates.create')}
            </Button>
          }
        />
        <ServerList
          testId="document-templates"
          columns={columns}
          query={templates}
          searchPlaceholder={t('templates.searchPlaceholder')}
          minWidth={640}
          empty={{
            icon: <IconFileOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
            title: t('templates.empty.noneTitle'),
            hint: t('templates.empty.noneHint'),
          }}
          actions={(template) => (
            <>
              <RowAction
                label={t('templates.show')}
                icon={IconEye}
                to={documentTemplatePaths.documentTemplateShow(template.id)}
              />
              <RowAction
                label={t('templates.edit')}
                icon={IconPencil}
                to={documentTemplatePaths.documentTemplateEdit(template.id)}
              />
              <RowAction
                label={t('templates.delete')}
                icon={IconTrash}
                onClick={() => setDeleting(template.id)}
                color="red"
              />
            </>
          )}
        />
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}
