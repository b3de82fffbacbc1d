import { Alert, Container, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RichTextView } from '../../../components/rich-text-view';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/notify';
import { useDataPrivacy } from '../api/content';

/** The data-privacy text staff keep in the global configuration, in the user's language (English where it has none). */
export function DataPrivacyPage() {
  const { t } = useTranslation('help');
  const privacy = useDataPrivacy(currentLanguage());
  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="privacy-page">
        <PageHeader title={t('privacy.title')} />
        {privacy.isError ? (
          <Alert color="red" title={t('loadFailed')}>
            {errorMessage(privacy.error)}
          </Alert>
        ) : !privacy.data ? (
          <Skeleton h={240} />
        ) : privacy.data.html ? (
          <RichTextView html={privacy.data.html} testId="privacy-text" />
        ) : (
          <Text c="dimmed">{t('privacy.empty')}</Text>
        )}
      </Stack>
    </Container>
  );
}
