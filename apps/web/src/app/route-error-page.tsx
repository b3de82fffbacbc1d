import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { appPaths } from '../config/paths';
import { hideLoadingOverlay } from './navigation-effects';

/** When a page fails to render or its chunk fails to load (e.g. after a deployment). */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  console.error(error);
  hideLoadingOverlay();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={480} ta="center" role="alert">
        <Title order={1} size="h2">
          {t('errorPage.title')}
        </Title>
        <Text c="dimmed">{t('errorPage.description')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
          <Button variant="default" component={Link} to={appPaths.home} reloadDocument>
            {t('actions.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
