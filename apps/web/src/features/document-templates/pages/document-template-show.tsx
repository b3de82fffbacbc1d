import {
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useFormat } from '../../../lib/use-format';
import { useProcessTemplate, useTemplate, useTemplateVariables } from '../api/document-templates';
import { documentTemplatePaths } from '../paths';

type Format = 'docx' | 'pdf';

/**
 * The sample's data: each plain variable gets the typed value or its own name in brackets; a loop gets
 * one row whose inner variables are filled the same way.
 */
export function sampleData(variables: string[], values: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const loops = new Set(variables.filter((v) => variables.some((other) => other.startsWith(`${v}.`))));
  for (const variable of variables) {
    if (variable.includes('.')) continue;
    if (loops.has(variable)) {
      const row: Record<string, string> = {};
      for (const inner of variables.filter((v) => v.startsWith(`${variable}.`))) {
        const key = inner.slice(variable.length + 1);
        if (!key.includes('.')) row[key] = values[inner]?.trim() || `[${key}]`;
      }
      data[variable] = [row];
    } else {
      data[variable] = values[variable]?.trim() || `[${variable}]`;
    }
  }
  return data;
}

/** /document-templates/{id}/show: details, the variables panel and 'generate sample'. */
export function DocumentTemplateShowPage() {
  const { t } = useTranslation(['document-templates', 'common', 'nav']);
  const format = useFormat();
  const { id = '' } = useParams();
  const template = useTemplate(id);
  const variables = useTemplateVariables(id);
  const process = useProcessTemplate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [outputFormat, setOutputFormat] = useState<Format>('docx');
  const list = variables.data?.variables ?? [];
  const loops = new Set(list.filter((v) => list.some((other) => other.startsWith(`${v}.`))));

  const generate = async () => {
    try {
      const file = await process.mutateAsync({
        id,
        format: outputFormat,
        variables: sampleData(list, values) as Record<string, string>,
      });
      saveFile(file, `${template.data?.name ?? 'sample'}.${outputFormat}`);
      notifySuccess(t('templates.sampleReady'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <QueryState
      query={template}
      back={{ to: documentTemplatePaths.documentTemplates, list: t('nav:documentTemplates') }}
    >
      {(data) => (
        <Container size="lg" px={0}>
          <Stack gap="lg" data-testid="document-template-show-page">
            <PageHeader
              back={{ to: documentTemplatePaths.documentTemplates, list: t('nav:documentTemplates') }}
              title={data.name}
              titleTestId="template-title"
              actions={
                <EditAction to={documentTemplatePaths.documentTemplateEdit(id)}>{t('templates.edit')}</EditAction>
              }
            />
            <Grid>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Card withBorder radius="lg" padding="lg">
                  <Title order={2} size="h4" mb="sm">
                    {t('templates.details')}
                  </Title>
                  <Stack gap="xs">
                    <Text c={data.description ? undefined : 'dimmed'}>
                      {data.description ?? t('templates.noDescription')}
                    </Text>
                    <Text size="sm">
                      {t('templates.columns.fileName')}: {data.file_name}
                    </Text>
                    <Text size="sm">
                      {t('templates.columns.updated')}: {format.date(data.updated_at, true)}
                    </Text>
                  </Stack>
                </Card>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Card withBorder radius="lg" padding="lg" data-testid="template-variables">
                  <Title order={2} size="h4">
                    {t('templates.variablesTitle')}
                  </Title>
                  <Text size="sm" c="dimmed" mb="md">
                    {t('templates.variablesHint')}
                  </Text>
                  <QueryState
                    query={variables}
                    failure="alert"
                    skeletonHeight={120}
                    isEmpty={(found) => found.variables.length === 0}
                    empty={<Text c="dimmed">{t('templates.noVariables')}</Text>}
                  >
                    {() => (
                      <Stack gap="xs">
                        {list.map((variable) =>
                          loops.has(variable) ? (
                            <Group key={variable} gap="xs">
                              <Text fw={600} ff="monospace">
                                {variable}
                              </Text>
                              <Badge variant="light">{t('templates.loopVariable')}</Badge>
                            </Group>
                          ) : (
                            <TextInput
                              key={variable}
                              label={
                                <Text ff="monospace" span>
                                  {variable}
                                </Text>
                              }
                              placeholder={`[${variable.split('.').pop()}]`}
                              value={values[variable] ?? ''}
                              onChange={(event) => {
                                const value = event.currentTarget.value;
                                setValues((current) => ({ ...current, [variable]: value }));
                              }}
                              data-testid="template-variable"
                              data-variable={variable}
                            />
                          ),
                        )}
                      </Stack>
                    )}
                  </QueryState>
                  <Group justify="space-between" mt="lg">
                    <SegmentedControl
                      aria-label={t('templates.format')}
                      value={outputFormat}
                      onChange={(value) => setOutputFormat(value as Format)}
                      data={[
                        { value: 'docx', label: 'DOCX' },
                        { value: 'pdf', label: 'PDF' },
                      ]}
                      data-testid="sample-format"
                    />
                    <Button
                      leftSection={<IconFileDownload size={16} aria-hidden />}
                      loading={process.isPending}
                      disabled={!variables.data}
                      onClick={() => void generate()}
                      data-testid="generate-sample"
                    >
                      {t('templates.generateSample')}
                    </Button>
                  </Group>
                </Card>
              </Grid.Col>
            </Grid>
          </Stack>
        </Container>
      )}
    </QueryState>
  );
}
