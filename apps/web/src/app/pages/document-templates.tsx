import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconFileOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DebouncedSearchInput } from '../../components/debounced-search-input';
import { paths } from '../../config/paths';
import { useDeleteTemplate, useTemplatePage } from '../../features/document-templates/api/document-templates';
import { ConfirmDeleteModal } from '../../features/document-templates/components/confirm-delete-modal';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { useFormat } from '../../lib/use-format';
import { PAGE_SIZES, useListParams } from '../../lib/use-list-params';

const COLUMNS = ['name', 'fileName', 'variables', 'updated', 'actions'] as const;

/** /document-templates: the DOCX templates, paged and searched on the server. */
export function DocumentTemplatesPage() {
  const { t } = useTranslation(['documents', 'common']);
  const format = useFormat();
  const { params, update, setPage, setSize, setSearch } = useListParams();
  const templates = useTemplatePage(params);
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<string | null>(null);
  const { data, isPlaceholderData } = templates;
  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / params.size));

  useEffect(() => {
    if (data && !isPlaceholderData && params.page > totalPages) update({ page: totalPages }, { replace: true });
  }, [data, isPlaceholderData, params.page, totalPages, update]);

  const from = (params.page - 1) * params.size + 1;
  const to = from + (data?.data.length ?? 0) - 1;

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
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>{t('templates.title')}</Title>
            <Text c="dimmed">{t('templates.intro')}</Text>
          </div>
          <Button
            component={Link}
            to={paths.documentTemplateCreate}
            leftSection={<IconPlus size={16} aria-hidden />}
            data-testid="template-create"
          >
            {t('templates.create')}
          </Button>
        </Group>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <DebouncedSearchInput
                label={t('templates.searchLabel')}
                placeholder={t('templates.searchPlaceholder')}
                clearLabel={t('templates.clearSearch')}
                value={params.search}
                onSearch={(search) => {
                  if (search !== params.search) setSearch(search);
                }}
                w={{ base: '100%', sm: 360 }}
              />
              <NativeSelect
                label={t('templates.pageSize')}
                data={PAGE_SIZES.map(String)}
                value={String(params.size)}
                onChange={(event) => setSize(Number(event.currentTarget.value))}
                w={140}
              />
            </Group>

            {templates.isError ? (
              <Alert color="red" title={t('templates.loadFailed')}>
                <Text size="sm" mb="sm">
                  {errorMessage(templates.error)}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void templates.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              </Alert>
            ) : data && data.data.length === 0 ? (
              <Stack align="center" gap={6} py="xl" ta="center" data-testid="document-templates-empty">
                <IconFileOff size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text fw={600}>
                  {params.search ? t('templates.empty.searchTitle') : t('templates.empty.noneTitle')}
                </Text>
                {!params.search && (
                  <Text size="sm" c="dimmed">
                    {t('templates.empty.noneHint')}
                  </Text>
                )}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table
                  striped
                  highlightOnHover
                  aria-busy={!data || isPlaceholderData}
                  data-testid="document-templates-table"
                >
                  <Table.Thead>
                    <Table.Tr>
                      {COLUMNS.map((column) => (
                        <Table.Th key={column} scope="col">
                          {t(`templates.columns.${column}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {!data
                      ? Array.from({ length: 5 }, (_, row) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                          <Table.Tr key={row}>
                            {COLUMNS.map((column) => (
                              <Table.Td key={column}>
                                <Skeleton h={14} my={4} radius="sm" />
                              </Table.Td>
                            ))}
                          </Table.Tr>
                        ))
                      : data.data.map((template) => (
                          <Table.Tr key={template.id} data-testid="document-templates-row">
                            <Table.Td>
                              <Anchor component={Link} to={paths.documentTemplateShow(template.id)}>
                                {template.name}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>{template.file_name}</Table.Td>
                            <Table.Td>
                              <Badge variant="light">{template.variables.length}</Badge>
                            </Table.Td>
                            <Table.Td>{format.date(template.updated_at, true)}</Table.Td>
                            <Table.Td>
                              <Group gap={4} wrap="nowrap">
                                <Tooltip label={t('templates.show')}>
                                  <ActionIcon
                                    variant="subtle"
                                    component={Link}
                                    to={paths.documentTemplateShow(template.id)}
                                    aria-label={t('templates.show')}
                                  >
                                    <IconEye size={18} />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label={t('templates.edit')}>
                                  <ActionIcon
                                    variant="subtle"
                                    component={Link}
                                    to={paths.documentTemplateEdit(template.id)}
                                    aria-label={t('templates.edit')}
                                  >
                                    <IconPencil size={18} />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label={t('templates.delete')}>
                                  <ActionIcon
                                    variant="subtle"
                                    color="red"
                                    onClick={() => setDeleting(template.id)}
                                    aria-label={t('templates.delete')}
                                  >
                                    <IconTrash size={18} />
                                  </ActionIcon>
                                </Tooltip>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}

            {data && data.count > 0 && !templates.isError && (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed">
                  {t('templates.range', { from, to, total: data.count })}
                </Text>
                <Box component="nav" aria-label={t('templates.pagination')}>
                  <Pagination
                    total={totalPages}
                    value={Math.min(params.page, totalPages)}
                    onChange={setPage}
                    siblings={1}
                  />
                </Box>
              </Group>
            )}
          </Stack>
        </Card>
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
