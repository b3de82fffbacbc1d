import { Accordion, Alert, Container, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/notify';
import { useFaq } from '../api/content';

/** The FAQ staff keep in the global configuration, in the user's language (English where it has none). */
export function FaqPage() {
  const { t } = useTranslation('help');
  const faq = useFaq(currentLanguage());
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('faq.title')} description={t('faq.intro')} />
        {faq.isError ? (
          <Alert color="red" title={t('loadFailed')}>
            {errorMessage(faq.error)}
          </Alert>
        ) : !faq.data ? (
          <Stack gap="xs">
            <Skeleton h={48} />
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : faq.data.entries.length === 0 ? (
          <Text c="dimmed">{t('faq.empty')}</Text>
        ) : (
          <Accordion variant="separated" radius="md" data-testid="faq-list">
            {faq.data.entries.map((entry, index) => (
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
      </Stack>
    </Container>
  );
}
