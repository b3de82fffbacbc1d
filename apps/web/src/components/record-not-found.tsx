import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../config/paths';
import { ApiError } from '../lib/api-error';

/** Where a record page's way back leads: the list the record belongs to, by its menu name (home without one). */
export type BackTo = { to: string; list: string };

/**
 * A record the server does not show this user: deleted, a wrong address, or outside the user's companies (the
 * server answers 404 for all three). A title, a sentence and a way back.
 */
export function RecordNotFound({ back }: { back?: BackTo }) {
  const { t } = useTranslation('common');
  return (
    <Stack align="center" ta="center" py="xl" mx="auto" maw={480} gap="sm" data-testid="record-not-found">
      <IconFileUnknown size={56} stroke={1.2} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={1} size="h2">
        {t('recordNotFound.title')}
      </Title>
      <Text c="dimmed">{t('recordNotFound.description')}</Text>
      <Button
        component={Link}
        to={back?.to ?? appPaths.home}
        variant="light"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        data-testid="record-not-found-back"
      >
        {back ? t('recordNotFound.back', { list: back.list }) : t('actions.backHome')}
      </Button>
    </Stack>
  );
}

/** Whether the server answered that the record does not exist for this user. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
