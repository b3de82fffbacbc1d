import { DEFAULT_LANGUAGE, type LanguageCode, UI_LANGUAGES } from '@cuspid/contracts';
import {
  type FaqEntry,
  type GlobalConfiguration,
  type GlobalConfigurationInput,
  globalConfigurationInputSchema,
  type LanguageContent,
} from '@cuspid/contracts/content';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGlobalConfiguration, useSaveGlobalConfiguration } from '../api/content';

// Tiptap and ProseMirror load with the editing screens only, never with the entry chunk.
const RichTextEditor = lazy(() =>
  import('../../../components/rich-text-editor').then((m) => ({ default: m.RichTextEditor })),
);

type ContentValues = { content: Partial<Record<LanguageCode, LanguageContent>> };

/** The languages the editor offers: the interface's, and any other one that already has content. */
const languagesOf = (configuration: GlobalConfiguration): LanguageCode[] => [
  ...UI_LANGUAGES,
  ...(Object.keys(configuration.content) as LanguageCode[]).filter(
    (code) => !(UI_LANGUAGES as readonly string[]).includes(code),
  ),
];

const toValues = (configuration: GlobalConfiguration): ContentValues => ({
  content: Object.fromEntries(
    languagesOf(configuration).map((code) => [code, configuration.content[code] ?? { faq: [], data_privacy: '' }]),
  ),
});

/** The request: English always (the fallback), every other language that has a question or a privacy text. */
const toBody = (values: ContentValues): GlobalConfigurationInput => ({
  content: Object.fromEntries(
    Object.entries(values.content).filter(
      ([code, value]) => code === DEFAULT_LANGUAGE || value.faq.length > 0 || value.data_privacy.trim() !== '',
    ),
  ),
});

const useContentForm = (configuration: GlobalConfiguration) =>
  useForm<ContentValues>({
    initialValues: toValues(configuration),
    validate: (values) => zodFormValidator<unknown>(globalConfigurationInputSchema)(toBody(values)),
  });

function LanguageContentEditor({ code, form }: { code: LanguageCode; form: ReturnType<typeof useContentForm> }) {
  const { t } = useTranslation('content');
  const path = `content.${code}` as const;
  const entries: FaqEntry[] = form.values.content[code]?.faq ?? [];
  return (
    <Stack gap="lg" pt="md">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('editor.faqTitle')}
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem(`${path}.faq`, { question: '', answer: '' })}
            data-testid={`faq-add-${code}`}
          >
            {t('editor.addQuestion')}
          </Button>
        </Group>
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {code === DEFAULT_LANGUAGE ? t('editor.noQuestions') : t('editor.noQuestionsFallback')}
          </Text>
        )}
        <Stack gap="md">
          {entries.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no id; their order is their identity
            <Card key={index} withBorder radius="md" padding="md" data-testid="faq-entry">
              <Stack gap="xs">
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('editor.question', { number: index + 1 })}
                    required
                    {...form.getInputProps(`${path}.faq.${index}.question`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('editor.moveUp')}
                    disabled={index === 0}
                    onClick={() => form.reorderListItem(`${path}.faq`, { from: index, to: index - 1 })}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('editor.moveDown')}
                    disabled={index === entries.length - 1}
                    onClick={() => form.reorderListItem(`${path}.faq`, { from: index, to: index + 1 })}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('editor.remove')}
                    onClick={() => form.removeListItem(`${path}.faq`, index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <Textarea
                  label={t('editor.answer')}
                  required
                  rows={3}
                  {...form.getInputProps(`${path}.faq.${index}.answer`)}
                />
              </Stack>
            </Card>
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Suspense fallback={<Skeleton h={260} />}>
          <RichTextEditor
            label={t('editor.privacyTitle')}
            description={code === DEFAULT_LANGUAGE ? undefined : t('editor.privacyFallback')}
            testId={`privacy-editor-${code}`}
            value={form.values.content[code]?.data_privacy ?? ''}
            onChange={(html) => form.setFieldValue(`${path}.data_privacy`, html)}
            error={form.errors[`${path}.data_privacy`] as string | undefined}
          />
        </Suspense>
      </Card>
    </Stack>
  );
}

function HelpContentForm({ configuration }: { configuration: GlobalConfiguration }) {
  const { t } = useTranslation(['content', 'common']);
  const save = useSaveGlobalConfiguration();
  const form = useContentForm(configuration);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(globalConfigurationInputSchema.parse(toBody(values)));
      form.setInitialValues(toValues(saved));
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
      notifySuccess(t('editor.saved'));
    } catch (error) {
      notifyError(error, form);
    }
  });
  const englishError = form.errors[`content.${DEFAULT_LANGUAGE}`];

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="help-content-form">
      <UnsavedChangesGuard when={form.isDirty() && !save.isPending} />
      <Stack gap="md">
        {englishError && <Alert color="red">{englishError}</Alert>}
        <Tabs defaultValue={DEFAULT_LANGUAGE} keepMounted={false}>
          <Tabs.List>
            {languagesOf(configuration).map((code) => (
              <Tabs.Tab key={code} value={code} data-testid={`content-tab-${code}`}>
                {t(`common:languages.${code}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {languagesOf(configuration).map((code) => (
            <Tabs.Panel key={code} value={code}>
              <LanguageContentEditor code={code} form={form} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <FormActions saveLabel={t('editor.save')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

/**
 * The help content of the global configuration (route /global-configuration, backoffice-global-configuration):
 * per language, the FAQ and the data-privacy text; a language without its own shows the English one.
 */
export function GlobalConfigurationPage() {
  const { t } = useTranslation('content');
  const configuration = useGlobalConfiguration();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="global-configuration-page">
        <PageHeader title={t('editor.title')} description={t('editor.intro')} />
        <QueryState query={configuration} loadFailed={t('editor.loadFailed')} skeletonHeight={420}>
          {(data) => <HelpContentForm configuration={data} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
