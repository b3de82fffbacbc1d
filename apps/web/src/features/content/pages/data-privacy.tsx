import { Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RichTextView } from '../../../components/rich-text-view';
import { currentLanguage } from '../../../lib/i18n';
import { useDataPrivacy } from '../api/content';

/** The data-privacy text staff keep in the global configuration, in the user's language (English where it has none). */
export function DataPrivacyPage() {
  const { t } = useTranslation('help');
  const privacy = useDataPrivacy(currentLanguage());
  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="privacy-page">
        <PageHeader title={t('privacy.title')} />
        <QueryState
          query={privacy}
          failure="alert"
          loadFailed={t('loadFailed')}
          skeletonHeight={240}
          isEmpty={(data) => !data.html}
          empty={<Text c="dimmed">{t('privacy.empty')}</Text>}
        >
          {(data) => <RichTextView html={data.html} testId="privacy-text" />}
        </QueryState>
      </Stack>
    </Container>
  );
}
