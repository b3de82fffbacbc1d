import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

export function NotFoundPage() {
  const { t } = useTranslation('help');
  const isSignedIn = useSession() !== null;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" maw={480} data-testid="not-found-page">
        <IconMoodSad size={64} stroke={1.2} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fz={72} fw={800} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to={isSignedIn ? appPaths.home : appPaths.login} data-testid="not-found-home-link">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
