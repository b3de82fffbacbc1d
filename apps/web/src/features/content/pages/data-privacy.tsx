import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function DataPrivacyPage() {
  const { t } = useTranslation('help');
  const sections = t('privacy.sections', { returnObjects: true }) as Record<string, { title: string; body: string }>;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="privacy-page">
        <div>
          <Title order={1}>{t('privacy.title')}</Title>
          <Text c="dimmed">{t('privacy.intro')}</Text>
        </div>
        {Object.entries(sections).map(([key, section]) => (
          <section key={key} aria-labelledby={`privacy-${key}`}>
            <Title order={2} size="h4" id={`privacy-${key}`} mb={4}>
              {section.title}
            </Title>
            <Text>{section.body}</Text>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
