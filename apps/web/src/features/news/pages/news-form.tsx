import { LANGUAGE_CODES, type LanguageCode, PARTNER_TYPES, type PartnerType } from '@cuspid/contracts';
import { type News, newsInputSchema } from '@cuspid/contracts/news';
import {
  Card,
  Container,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateTimeField } from '../../../components/date-field';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { zodFormValidator } from '../../../lib/form-validation';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useNews, useSaveNews } from '../api/news';
import { newsPaths } from '../paths';

// Tiptap and ProseMirror load with the editing screens only, never with the entry chunk.
const RichTextEditor = lazy(() =>
  import('../../../components/rich-text-editor').then((m) => ({ default: m.RichTextEditor })),
);

/** The request's field names, so that the schema's and the server's field errors land on their inputs. */
export type NewsFormValues = {
  subject: string;
  language: LanguageCode;
  body: string;
  /** A `datetime-local` value in the user's time zone; empty: now. */
  publish_at: string;
  audience: { roles: string[]; partner_types: PartnerType[] };
};

function useConversions() {
  const format = useFormat();
  return {
    toValues: (news?: News): NewsFormValues => ({
      subject: news?.subject ?? '',
      language: news?.language ?? currentLanguage(),
      body: news?.body ?? '',
      publish_at: news ? format.toDateTimeInput(news.publish_at) : '',
      audience: { roles: news?.audience.roles ?? [], partner_types: news?.audience.partner_types ?? [] },
    }),
    toBody: (values: NewsFormValues) => ({
      subject: values.subject,
      language: values.language,
      body: values.body,
      publish_at: values.publish_at ? (format.fromDateTimeInput(values.publish_at) ?? undefined) : undefined,
      audience: values.audience,
    }),
  };
}

/** The news form (create and edit): validated with the server's schema; the body is written in the rich text editor. */
export function NewsForm({ news }: { news?: News }) {
  const { t } = useTranslation(['news', 'common']);
  const navigate = useNavigate();
  const save = useSaveNews();
  const [savedId, setSavedId] = useState<string | null>(null);
  const { toValues, toBody } = useConversions();
  const form = useForm<NewsFormValues>({
    initialValues: toValues(news),
    validate: (values) => zodFormValidator<unknown>(newsInputSchema)(toBody(values)),
  });

  // Leaves once the guard knows the form is saved.
  useEffect(() => {
    if (savedId) void navigate(newsPaths.newsShow(savedId));
  }, [savedId, navigate]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        ...(news ? { id: news.id } : {}),
        body: newsInputSchema.parse(toBody(values)),
      });
      notifySuccess(t('form.saved'));
      setSavedId(saved.id);
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="news-form">
      <UnsavedChangesGuard when={form.isDirty() && !savedId && !save.isPending} />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('fields.subject')} required data-autofocus {...form.getInputProps('subject')} />
              <NativeSelect
                label={t('fields.language')}
                data={LANGUAGE_CODES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))}
                {...form.getInputProps('language')}
              />
              <DateTimeField
                label={t('fields.publishAt')}
                description={t('form.publishAtHint')}
                {...form.getInputProps('publish_at')}
                value={form.values.publish_at}
              />
            </SimpleGrid>
            <Suspense fallback={<Skeleton h={260} />}>
              <RichTextEditor
                label={t('fields.body')}
                required
                testId="news-body-editor"
                value={form.values.body}
                onChange={(html) => form.setFieldValue('body', html)}
                error={form.errors.body as string | undefined}
              />
            </Suspense>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="xs">
            {t('fields.audience')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TagsInput
              label={t('fields.audienceRoles')}
              description={t('form.audienceRolesHint')}
              {...form.getInputProps('audience.roles')}
            />
            <MultiSelect
              label={t('fields.audiencePartnerTypes')}
              description={t('form.audiencePartnerTypesHint')}
              data={PARTNER_TYPES.map((type) => ({ value: type, label: t(`partnerTypes.${type}`) }))}
              {...form.getInputProps('audience.partner_types')}
            />
          </SimpleGrid>
        </Card>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

export function NewsCreatePage() {
  const { t } = useTranslation(['news', 'nav']);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: newsPaths.news, list: t('nav:news') }} title={t('form.createTitle')} />
        <NewsForm />
      </Stack>
    </Container>
  );
}

export function NewsEditPage() {
  const { t } = useTranslation(['news', 'nav']);
  const { id = '' } = useParams();
  const news = useNews(id);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: newsPaths.news, list: t('nav:news') }} title={t('form.editTitle')} />
        <QueryState
          query={news}
          loadFailed={t('loadFailed')}
          skeletonHeight={420}
          back={{ to: newsPaths.news, list: t('nav:news') }}
        >
          {(data) => <NewsForm news={data} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
