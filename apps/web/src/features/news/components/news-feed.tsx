import { Accordion, Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/rich-text-view';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useMarkNewsRead, useNewsFeed } from '../api/news';

const PAGE = 5;

/**
 * The signed-in user's news, newest first (home page): the published items meant for them in their language,
 * English where there are none. An unread item carries a "New" marker until it is opened.
 */
export function NewsFeed() {
  const { t } = useTranslation('news');
  const format = useFormat();
  const [shown, setShown] = useState(PAGE);
  const feed = useNewsFeed(currentLanguage(), shown);
  const markRead = useMarkNewsRead();
  const [open, setOpen] = useState<string[]>([]);

  const handleChange = (values: string[]) => {
    // An item opened for the first time is read.
    for (const id of values.filter((value) => !open.includes(value))) {
      const item = feed.data?.data.find((n) => n.id === id);
      if (item && !item.read_at) markRead.mutate(id);
    }
    setOpen(values);
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="news-feed">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('feed.title')}
        </Title>
        {feed.data && feed.data.unread > 0 && (
          <Badge color="blue" variant="light" data-testid="news-unread-count">
            {t('feed.unread', { count: feed.data.unread })}
          </Badge>
        )}
      </Group>
      {feed.isError ? (
        <Alert color="red" title={t('feed.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(feed.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void feed.refetch()}>
              {t('feed.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !feed.data ? (
        <Stack gap="xs">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : feed.data.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="news-feed-empty">
          {t('feed.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Accordion multiple value={open} onChange={handleChange} variant="separated" radius="md">
            {feed.data.data.map((item) => (
              <Accordion.Item key={item.id} value={item.id} data-testid="news-feed-item">
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0}>
                      <Text fw={item.read_at ? 400 : 700}>{item.subject}</Text>
                      <Text size="xs" c="dimmed">
                        {format.date(item.publish_at)}
                      </Text>
                    </Stack>
                    {!item.read_at && (
                      <Badge color="blue" size="sm" data-testid="news-unread">
                        {t('feed.new')}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <RichTextView html={item.body} testId="news-feed-body" />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {feed.data.total > feed.data.data.length && (
            <Button variant="subtle" onClick={() => setShown((n) => n + PAGE)} loading={feed.isFetching}>
              {t('feed.more')}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
