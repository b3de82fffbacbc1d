import type { MailTemplate } from '@cuspid/contracts/mail';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMailOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DebouncedSearchInput } from '../../components/debounced-search-input';
import { mailTemplateEditPath, paths } from '../../config/paths';
import { useDeleteMailTemplate, useMailTemplatePage } from '../../features/mail/api/mail-templates';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { useFormat } from '../../lib/use-format';
import { useListParams } from '../../lib/use-list-params';

/** Mail templates (backoffice-mail-template): paged and searched on the server. */
export function MailTemplatesPage() {
  const { t } = useTranslation(['mail', 'common']);
  const { params, setPage, setSearch } = useListParams();
  const templates = useMailTemplatePage(params);
  const remove = useDeleteMailTemplate();
  const format = useFormat();
  const [toDelete, setToDelete] = useState<MailTemplate | null>(null);
  const { data } = templates;
  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / params.size));

  const handleDelete = async () => {
    if (!toDelete) return;
    try {
      const result = await remove.mutateAsync(toDelete.id);
      notifySuccess(result.message);
      setToDelete(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="mail-templates-page">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('templates.title')}</Title>
            <Text c="dimmed">{t('templates.intro')}</Text>
          </div>
          <Button component={Link} to={paths.mailTemplateCreate} leftSection={<IconPlus size={16} />}>
            {t('templates.create')}
          </Button>
        </Group>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <DebouncedSearchInput
              label={t('templates.search')}
              placeholder={t('templates.searchPlaceholder')}
              clearLabel={t('templates.clearSearch')}
              value={params.search}
              onSearch={(search) => {
                if (search !== params.search) setSearch(search);
              }}
              w={{ base: '100%', sm: 360 }}
            />
            {templates.isError ? (
              <Alert color="red" title={t('loadFailed')}>
                <Text size="sm" mb="sm">
                  {errorMessage(templates.error)}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void templates.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              </Alert>
            ) : data && data.data.length === 0 ? (
              <Stack align="center" gap={6} py="xl" ta="center">
                <IconMailOff size={40} stroke={1.3} aria-hidden />
                <Text fw={600}>{t('templates.empty')}</Text>
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover data-testid="mail-templates-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('fields.name')}</Table.Th>
                      <Table.Th>{t('fields.event')}</Table.Th>
                      <Table.Th>{t('fields.languages')}</Table.Th>
                      <Table.Th>{t('fields.updated')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('fields.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {!data
                      ? Array.from({ length: 5 }, (_, row) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                          <Table.Tr key={row}>
                            <Table.Td colSpan={5}>
                              <Skeleton h={14} my={4} />
                            </Table.Td>
                          </Table.Tr>
                        ))
                      : data.data.map((template) => (
                          <Table.Tr key={template.id} data-testid="mail-template-row">
                            <Table.Td>
                              <Text component={Link} to={mailTemplateEditPath(template.id)} fw={500}>
                                {template.name}
                              </Text>
                            </Table.Td>
                            <Table.Td>{template.event ? t(`events.${template.event}`) : '–'}</Table.Td>
                            <Table.Td>
                              <Group gap={4}>
                                {Object.keys(template.contents).map((language) => (
                                  <Badge key={language} variant="light" size="sm">
                                    {language}
                                  </Badge>
                                ))}
                              </Group>
                            </Table.Td>
                            <Table.Td>{format.date(template.updated_at, true)}</Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                <ActionIcon
                                  component={Link}
                                  to={mailTemplateEditPath(template.id)}
                                  variant="subtle"
                                  aria-label={t('templates.edit', { name: template.name })}
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={t('templates.delete', { name: template.name })}
                                  onClick={() => setToDelete(template)}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {data && data.count > params.size && (
              <Pagination total={totalPages} value={Math.min(params.page, totalPages)} onChange={setPage} />
            )}
          </Stack>
        </Card>
      </Stack>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={t('confirmDelete.title')} centered>
        <Stack>
          <Text>{t('confirmDelete.text', { name: toDelete?.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('confirmDelete.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void handleDelete()}>
              {t('confirmDelete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
