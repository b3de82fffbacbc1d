import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FaqPage() {
  const { t } = useTranslation('help');
  const items = t('faq.items', { returnObjects: true }) as Record<string, { question: string; answer: string }>;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('faq.title')}</Title>
          <Text c="dimmed">{t('faq.intro')}</Text>
        </div>
        <Accordion variant="separated" radius="md" data-testid="faq-list">
          {Object.entries(items).map(([key, item]) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>{item.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
