import {
  MAIL_EDITOR_LANGUAGES,
  type MailTemplate,
  type MailTemplateContent,
  type MailTemplateVariable,
} from '@cuspid/contracts/mail';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { declaredKeys, useDeclaredLabel } from '../../../config/declared-labels';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMailPreview, useMailTemplate, useSaveMailTemplate } from '../api/mail-templates';
import { mailTemplatePaths } from '../paths';

type EditorLanguage = (typeof MAIL_EDITOR_LANGUAGES)[number];
type Values = {
  name: string;
  event: string | null;
  contents: Record<EditorLanguage, MailTemplateContent>;
  variables: MailTemplateVariable[];
};

const emptyContent = (): MailTemplateContent => ({ subject: '', body: '' });

function toValues(template: MailTemplate | undefined): Values {
  const contents = Object.fromEntries(
    MAIL_EDITOR_LANGUAGES.map((language) => [language, template?.contents[language] ?? emptyContent()]),
  ) as Values['contents'];
  return {
    name: template?.name ?? '',
    event: template?.event ?? null,
    contents,
    variables: template?.variables ?? [],
  };
}

/** The languages filled in: an empty language falls back to English when a mail is sent. */
function filledContents(contents: Values['contents']) {
  return Object.fromEntries(
    Object.entries(contents).filter(([, c]) => c.subject.trim() !== '' || c.body.trim() !== ''),
  ) as Partial<Values['contents']>;
}

/** Create (/mail-templates/create) or edit (/mail-templates/:id/edit) a template, with a live preview. */
export function MailTemplateEditPage() {
  const { id } = useParams();
  const { t } = useTranslation(['mail-templates', 'common', 'nav']);
  const template = useMailTemplate(id);
  if (!id) return <MailTemplateEditor key="new" template={undefined} />;
  return (
    <QueryState
      query={template}
      loadFailed={t('loadFailed')}
      back={{ to: mailTemplatePaths.mailTemplates, list: t('nav:mailTemplates') }}
      loading={<Loader aria-label={t('common:app.loading')} />}
    >
      {(data) => <MailTemplateEditor key={data.updated_at} template={data} />}
    </QueryState>
  );
}

function MailTemplateEditor({ template }: { template: MailTemplate | undefined }) {
  const { t } = useTranslation(['mail-templates', 'common', 'nav']);
  const label = useDeclaredLabel();
  const navigate = useNavigate();
  const save = useSaveMailTemplate();
  const initial = useMemo(() => toValues(template), [template]);
  const [values, setValues] = useState<Values>(initial);
  const [language, setLanguage] = useState<EditorLanguage>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);

  const content = values.contents[language];
  const shown = content.subject || content.body ? content : values.contents.en;
  const examples = Object.fromEntries(values.variables.map((v) => [v.name, v.example]));
  const [previewInput] = useDebouncedValue({ contents: shown, variables: examples }, 400);
  const canPreview = previewInput.contents.subject.trim() !== '' && previewInput.contents.body.trim() !== '';
  const preview = useMailPreview(previewInput, { enabled: canPreview });

  const setContent = (part: keyof MailTemplateContent, value: string) =>
    setValues((v) => ({ ...v, contents: { ...v.contents, [language]: { ...v.contents[language], [part]: value } } }));
  const setVariable = (index: number, change: Partial<MailTemplateVariable>) =>
    setValues((v) => ({ ...v, variables: v.variables.map((x, i) => (i === index ? { ...x, ...change } : x)) }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        ...(template ? { id: template.id } : {}),
        name: values.name,
        event: (values.event as MailTemplate['event']) ?? null,
        contents: filledContents(values.contents),
        variables: values.variables,
      });
      notifySuccess(t('editor.saved'));
      if (!template) void navigate(mailTemplatePaths.mailTemplateEdit(saved.id), { replace: true });
    } catch (error) {
      notifyError(error, {
        setErrors: (fieldErrors: Record<string, unknown>) =>
          setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, String(v)]))),
      });
    }
  };

  const fieldError = (part: keyof MailTemplateContent) =>
    errors[`contents.${language}.${part}`] ?? errors[`contents.${language}`];

  return (
    <Container size="xl" px={0}>
      <UnsavedChangesGuard when={isDirty && !save.isPending} />
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="mail-template-form">
        <Stack gap="lg">
          <PageHeader
            back={{ to: mailTemplatePaths.mailTemplates, list: t('nav:mailTemplates') }}
            title={template ? t('editor.editTitle', { name: template.name }) : t('editor.createTitle')}
            actions={
              <Button type="submit" loading={save.isPending} data-testid="mail-template-save">
                {t('editor.save')}
              </Button>
            }
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <div>
              <Card withBorder radius="lg" padding="lg">
                <Stack>
                  <TextInput
                    label={t('fields.name')}
                    required
                    value={values.name}
                    error={errors.name}
                    onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
                  />
                  <Select
                    label={t('fields.event')}
                    clearable
                    placeholder={t('editor.noEvent')}
                    data={declaredKeys('mailEvents').map((e) => ({ value: e, label: label('mailEvents', e) }))}
                    value={values.event}
                    onChange={(event) => setValues({ ...values, event })}
                  />
                  <div>
                    <Text size="sm" fw={500} mb={4} id="mail-language-label">
                      {t('editor.language')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="mail-language-label"
                      data={MAIL_EDITOR_LANGUAGES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
                      value={language}
                      onChange={(l) => setLanguage(l as EditorLanguage)}
                      data-testid="mail-template-language"
                    />
                    {language !== 'en' && !content.subject && !content.body && (
                      <Text size="xs" c="dimmed" mt={4}>
                        {t('editor.fallsBack')}
                      </Text>
                    )}
                  </div>
                  <TextInput
                    label={t('fields.subject')}
                    required={language === 'en'}
                    value={content.subject}
                    error={fieldError('subject')}
                    onChange={(e) => setContent('subject', e.currentTarget.value)}
                    data-testid="mail-template-subject"
                  />
                  <Textarea
                    label={t('fields.body')}
                    description={t('editor.bodyHint')}
                    required={language === 'en'}
                    rows={14}
                    resize="vertical"
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    value={content.body}
                    error={fieldError('body')}
                    onChange={(e) => setContent('body', e.currentTarget.value)}
                    data-testid="mail-template-body"
                  />
                </Stack>
              </Card>
            </div>
            <div>
              <Stack>
                <Card withBorder radius="lg" padding="lg" data-testid="mail-template-preview">
                  <Group justify="space-between" mb="sm">
                    <Title order={2} size="h4">
                      {t('editor.preview')}
                    </Title>
                    <Badge variant="light">{shown === content ? language : 'en'}</Badge>
                  </Group>
                  {!canPreview ? (
                    <Text c="dimmed" size="sm">
                      {t('editor.previewEmpty')}
                    </Text>
                  ) : (
                    <QueryState query={preview} failure="alert" loading={<Loader size="sm" />}>
                      {(shownPreview) => (
                        <Stack gap="xs">
                          <Text fw={600} data-testid="mail-preview-subject">
                            {shownPreview.subject}
                          </Text>
                          <iframe
                            title={t('editor.preview')}
                            sandbox=""
                            srcDoc={shownPreview.html}
                            style={{
                              width: '100%',
                              minHeight: 260,
                              border: '1px solid var(--mantine-color-default-border)',
                              background: 'white',
                            }}
                          />
                        </Stack>
                      )}
                    </QueryState>
                  )}
                </Card>
                <Card withBorder radius="lg" padding="lg">
                  <Group justify="space-between" mb="sm">
                    <Title order={2} size="h4">
                      {t('editor.variables')}
                    </Title>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() =>
                        setValues({
                          ...values,
                          variables: [...values.variables, { name: '', description: '', example: '' }],
                        })
                      }
                    >
                      {t('editor.addVariable')}
                    </Button>
                  </Group>
                  <Text size="xs" c="dimmed" mb="sm">
                    {t('editor.variablesHint')}
                  </Text>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('fields.variable')}</Table.Th>
                        <Table.Th>{t('fields.description')}</Table.Th>
                        <Table.Th>{t('fields.example')}</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {values.variables.map((variable, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, names may be empty
                        <Table.Tr key={index}>
                          <Table.Td>
                            <TextInput
                              size="xs"
                              aria-label={t('fields.variable')}
                              value={variable.name}
                              error={errors[`variables.${index}.name`]}
                              onChange={(e) => setVariable(index, { name: e.currentTarget.value })}
                              leftSection={<Code>{'{{'}</Code>}
                              leftSectionWidth={34}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              size="xs"
                              aria-label={t('fields.description')}
                              value={variable.description}
                              onChange={(e) => setVariable(index, { description: e.currentTarget.value })}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              size="xs"
                              aria-label={t('fields.example')}
                              value={variable.example}
                              onChange={(e) => setVariable(index, { example: e.currentTarget.value })}
                            />
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('editor.removeVariable')}
                              onClick={() =>
                                setValues({ ...values, variables: values.variables.filter((_, i) => i !== index) })
                              }
                            >
                              <IconTrash size={14} />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Card>
              </Stack>
            </div>
          </SimpleGrid>
        </Stack>
      </form>
    </Container>
  );
}
