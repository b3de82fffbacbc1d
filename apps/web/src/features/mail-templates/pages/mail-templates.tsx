import type { MailTemplate } from '@cuspid/contracts/mail';
import { Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconMailOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useDeclaredLabel } from '../../../config/declared-labels';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteMailTemplate, useMailTemplatePage } from '../api/mail-templates';
import { mailTemplatePaths } from '../paths';

/** Mail templates (backoffice-mail-template): paged and searched on the server. */
export function MailTemplatesPage() {
  const { t } = useTranslation(['mail-templates', 'common']);
  const label = useDeclaredLabel();
  // A template the product ships under its English name reads in the user's language; a renamed or new one as named.
  const templateName = (name: string) => label('mailTemplateNames', name);
  const { params } = useListParams();
  const templates = useMailTemplatePage(params);
  const remove = useDeleteMailTemplate();
  const format = useFormat();
  const [toDelete, setToDelete] = useState<MailTemplate | null>(null);
  const columns: ListColumn<MailTemplate>[] = [
    {
      key: 'name',
      label: t('fields.name'),
      render: (template) => (
        <Text component={Link} to={mailTemplatePaths.mailTemplateEdit(template.id)} fw={500}>
          {templateName(template.name)}
        </Text>
      ),
    },
    {
      key: 'event',
      label: t('fields.event'),
      render: (template) => (template.event ? label('mailEvents', template.event) : '–'),
    },
    {
      key: 'languages',
      kind: 'badge',
      label: t('fields.languages'),
      render: (template) => (
        <Group gap={4}>
          {Object.keys(template.contents).map((language) => (
            <Badge key={language} variant="light" size="sm">
              {language}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'updated',
      kind: 'date',
      label: t('fields.updated'),
      render: (template) => format.date(template.updated_at, true),
    },
  ];

  const handleDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notifySuccess(t('templates.deleted'));
      setToDelete(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="mail-templates-page">
        <PageHeader
          title={t('templates.title')}
          description={t('templates.intro')}
          actions={
            <Button component={Link} to={mailTemplatePaths.mailTemplateCreate} leftSection={<IconPlus size={16} />}>
              {t('templates.create')}
            </Button>
          }
        />
        <ServerList
          testId="mail-templates"
          rowTestId="mail-template-row"
          columns={columns}
          query={templates}
          searchPlaceholder={t('templates.searchPlaceholder')}
          empty={{ icon: <IconMailOff size={40} stroke={1.3} aria-hidden />, title: t('templates.empty') }}
          minWidth={640}
          actions={(template) => (
            <>
              <RowAction
                label={t('templates.edit', { name: template.name })}
                icon={IconPencil}
                to={mailTemplatePaths.mailTemplateEdit(template.id)}
              />
              <RowAction
                label={t('templates.delete', { name: template.name })}
                icon={IconTrash}
                onClick={() => setToDelete(template)}
                color="red"
              />
            </>
          )}
        />
      </Stack>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        subject={toDelete?.name}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void handleDelete()}
      />
    </Container>
  );
}
