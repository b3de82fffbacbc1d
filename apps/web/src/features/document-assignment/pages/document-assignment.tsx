import { DOCUMENT_TYPES, type DocumentType } from '@cuspid/contracts';
import { Button, Card, Container, Group, Select, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { templatePageQuery } from '../../document-templates';
import { useDocumentAssignments, useSaveDocumentAssignments } from '../api/document-assignment';

type Selection = Record<DocumentType, string | null>;

/** The largest page /list-templates answers: every template in one request. */
const ALL_TEMPLATES = 1500;

/** /document-assignment: which template serves each generated document. */
export function DocumentAssignmentPage() {
  const { t } = useTranslation(['document-assignment', 'common']);
  const assignments = useDocumentAssignments();
  // Every template, in one page (the largest the service answers).
  const templates = useQuery(templatePageQuery({ page: 1, size: ALL_TEMPLATES, search: '' }));
  const save = useSaveDocumentAssignments();
  const [selection, setSelection] = useState<Selection | null>(null);

  useEffect(() => {
    if (assignments.data) {
      setSelection(Object.fromEntries(assignments.data.data.map((a) => [a.document_type, a.template_id])) as Selection);
    }
  }, [assignments.data]);

  const options = (templates.data?.data ?? []).map((template) => ({ value: template.id, label: template.name }));

  const submit = async () => {
    if (!selection) return;
    try {
      await save.mutateAsync({
        assignments: DOCUMENT_TYPES.map((type) => ({ document_type: type, template_id: selection[type] ?? null })),
      });
      notifySuccess(t('assignment.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="document-assignment-page">
        <PageHeader title={t('assignment.title')} description={t('assignment.intro')} />
        <Card withBorder radius="lg" padding="lg">
          <QueryState query={assignments} failure="alert" loadFailed={t('assignment.loadFailed')} skeletonHeight={240}>
            {() =>
              selection && (
                <Stack>
                  <QueryState query={templates} failure="alert" loading={null}>
                    {() => null}
                  </QueryState>
                  <Table verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('assignment.documentType')}</Table.Th>
                        <Table.Th scope="col">{t('assignment.template')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {DOCUMENT_TYPES.map((type) => (
                        <Table.Tr key={type}>
                          <Table.Td>{t(`assignment.types.${type}`)}</Table.Td>
                          <Table.Td>
                            <Select
                              aria-label={t(`assignment.types.${type}`)}
                              placeholder={t('assignment.noTemplate')}
                              data={options}
                              value={selection[type]}
                              onChange={(value) => setSelection((current) => current && { ...current, [type]: value })}
                              clearable
                              searchable
                              data-testid={`assignment-${type}`}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  <Group justify="flex-end">
                    <Button loading={save.isPending} onClick={() => void submit()} data-testid="assignment-save">
                      {t('assignment.save')}
                    </Button>
                  </Group>
                </Stack>
              )
            }
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}
