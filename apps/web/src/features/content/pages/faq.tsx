import { Accordion, Container, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { currentLanguage } from '../../../lib/i18n';
import { useFaq } from '../api/content';

/** The FAQ staff keep in the global configuration, in the user's language (English where it has none). */
export function FaqPage() {
  const { t } = useTranslation('help');
  const faq = useFaq(currentLanguage());
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('faq.title')} description={t('faq.intro')} />
        <QueryState
          query={faq}
          failure="alert"
          loadFailed={t('loadFailed')}
          loading={
            <Stack gap="xs">
              <Skeleton h={48} />
              <Skeleton h={48} />
              <Skeleton h={48} />
            </Stack>
          }
          isEmpty={(data) => data.entries.length === 0}
          empty={<Text c="dimmed">{t('faq.empty')}</Text>}
        >
          {(data) => (
            <Accordion variant="separated" radius="md" data-testid="faq-list">
              {data.entries.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the entries have no id; their order is their identity
                <Accordion.Item key={index} value={String(index)}>
                  <Accordion.Control>{entry.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Text style={{ whiteSpace: 'pre-line' }}>{entry.answer}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
