import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Slot } from '../../../config/slots';
import { useSession } from '../../../lib/session';
import { accountPaths } from '../../account';
import { contentPaths } from '../paths';

export function HomePage() {
  const { t } = useTranslation(['account', 'common', 'nav']);
  const session = useSession();
  if (!session) return null;
  const { user } = session.token_info;
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={t('home.welcome', { name: user.first_name || user.mail })}
          description={t('home.intro', { company: user.company_name })}
          titleTestId="home-welcome"
        />
        {/* What the features add to the home page (their slots.ts). */}
        <Slot name="home.main" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="xs">
              {t('home.helpTitle')}
            </Title>
            <Text size="sm" mb="sm">
              {t('home.helpText')}
            </Text>
            <Anchor component={Link} to={contentPaths.faq}>
              {t('home.openFaq')}
            </Anchor>
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="xs">
              {t('nav:dataPrivacy')}
            </Title>
            <Text size="sm" mb="sm">
              {t('home.privacyText')}
            </Text>
            <Anchor component={Link} to={accountPaths.accountSetting} mr="md">
              {t('home.editAccount')}
            </Anchor>
            <Anchor component={Link} to={contentPaths.dataPrivacy}>
              {t('home.openPrivacy')}
            </Anchor>
          </Card>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
