import { Button, Card, Container, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { bothQueries, QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { declaredKeys, useDeclaredLabel } from '../../../config/declared-labels';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMailTemplateAssignments, useSaveMailTemplateAssignments } from '../api/mail-template-assignments';
import { useMailTemplateOptions } from '../api/mail-templates';

/** Which template each event uses (backoffice-mail-template-assignment), grouped by module. */
export function MailTemplateAssignmentPage() {
  const { t } = useTranslation(['mail-templates', 'common']);
  const label = useDeclaredLabel();
  const assignments = useMailTemplateAssignments();
  const templates = useMailTemplateOptions();
  const save = useSaveMailTemplateAssignments();
  const [changes, setChanges] = useState<Record<string, string | null>>({});
  const options = useMemo(
    () => (templates.data?.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name })),
    [templates.data],
  );
  const isDirty = Object.keys(changes).length > 0;

  const handleSave = async () => {
    try {
      await save.mutateAsync({
        assignments: Object.entries(changes).map(([event, template_id]) => ({
          event: event as never,
          template_id,
        })),
      });
      setChanges({});
      notifySuccess(t('assignment.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="lg" px={0}>
      <UnsavedChangesGuard when={isDirty && !save.isPending} />
      <Stack gap="lg" data-testid="mail-assignment-page">
        <PageHeader
          title={t('assignment.title')}
          description={t('assignment.intro')}
          actions={
            <Button disabled={!isDirty} loading={save.isPending} onClick={() => void handleSave()}>
              {t('assignment.save')}
            </Button>
          }
        />
        <QueryState
          query={bothQueries(assignments, templates)}
          failure="alert"
          retry
          loadFailed={t('loadFailed')}
          loading={<Loader aria-label={t('common:app.loading')} />}
        >
          {([loaded]) =>
            declaredKeys('mailModules').map((module) => (
              <Card key={module} withBorder radius="lg" padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {label('mailModules', module)}
                </Title>
                <Table>
                  <Table.Tbody>
                    {loaded.data
                      .filter((a) => a.module === module)
                      .map((a) => (
                        <Table.Tr key={a.event}>
                          <Table.Td w="45%">
                            <Text fw={500}>{label('mailEvents', a.event)}</Text>
                            <Text size="xs" c="dimmed">
                              {a.event}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Select
                              aria-label={t('assignment.templateFor', { event: label('mailEvents', a.event) })}
                              data={options}
                              searchable
                              clearable
                              placeholder={t('assignment.none')}
                              value={a.event in changes ? changes[a.event] : a.template_id}
                              onChange={(value) => setChanges((c) => ({ ...c, [a.event]: value }))}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Card>
            ))
          }
        </QueryState>
      </Stack>
    </Container>
  );
}
