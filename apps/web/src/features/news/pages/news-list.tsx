import { isLanguageCode, LANGUAGE_CODES } from '@cuspid/contracts';
import { NEWS_STATUSES, type News, type NewsStatus } from '@cuspid/contracts/news';
import { Anchor, Badge, Button, Container, Group, NativeSelect, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useFormat } from '../../../lib/use-format';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { useNewsPage } from '../api/news';
import { NewsStatusBadge } from '../components/news-status-badge';
import { newsPaths } from '../paths';

const isStatus = (value: string): value is NewsStatus => (NEWS_STATUSES as readonly string[]).includes(value);

/** News (route /news, backoffice-news): paged, searched, filtered and sorted on the server. */
export function NewsListPage() {
  const { t } = useTranslation(['news', 'common']);
  const { params } = useListParams();
  const { sort } = useSortParams();
  const filters = useUrlFilters(['language', 'status'] as const);
  const { values, setFilter } = filters;
  const news = useNewsPage({
    ...params,
    language: isLanguageCode(values.language) ? values.language : '',
    status: isStatus(values.status) ? values.status : '',
    sortBy: sort.sortBy,
    sortDir: sort.sortDir,
  });
  const format = useFormat();

  const columns: ListColumn<News>[] = [
    {
      key: 'subject',
      label: t('fields.subject'),
      sortKey: 'subject',
      render: (item) => (
        <Anchor component={Link} to={newsPaths.newsShow(item.id)}>
          {item.subject}
        </Anchor>
      ),
    },
    {
      key: 'language',
      kind: 'badge',
      label: t('fields.language'),
      render: (item) => t(`common:languages.${item.language}`),
    },
    {
      key: 'publish_at',
      kind: 'date',
      label: t('fields.publishAt'),
      sortKey: 'publish_at',
      render: (item) => format.date(item.publish_at, true),
    },
    {
      key: 'audience',
      kind: 'badge',
      label: t('fields.audience'),
      render: (item) =>
        item.audience.roles.length || item.audience.partner_types.length ? (
          <Group gap={4}>
            {[...item.audience.roles, ...item.audience.partner_types].map((name) => (
              <Badge key={name} variant="outline" size="sm">
                {name}
              </Badge>
            ))}
          </Group>
        ) : (
          t('audience.everyone')
        ),
    },
    { key: 'reads', kind: 'number', label: t('fields.reads'), render: (item) => format.number(item.reads) },
    {
      key: 'status',
      kind: 'badge',
      label: t('fields.status'),
      render: (item) => <NewsStatusBadge status={item.status} />,
    },
  ];

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="news-page">
        <PageHeader
          title={t('list.title')}
          description={t('list.intro')}
          actions={
            <Button component={Link} to={newsPaths.newsCreate} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          }
        />
        <ServerList
          testId="news"
          rowTestId="news-row"
          columns={columns}
          query={news}
          searchPlaceholder={t('list.searchPlaceholder')}
          filtered={filters.active}
          loadFailed={t('loadFailed')}
          empty={{ title: t('list.emptyTitle'), hint: t('list.emptyHint') }}
          filters={
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('fields.language')}
                value={values.language}
                onChange={(event) => setFilter('language', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allLanguages') },
                  ...LANGUAGE_CODES.map((code) => ({ value: code, label: t(`common:languages.${code}`) })),
                ]}
                data-testid="news-language-filter"
              />
              <NativeSelect
                label={t('fields.status')}
                value={values.status}
                onChange={(event) => setFilter('status', event.currentTarget.value)}
                data={[
                  { value: '', label: t('list.allStatuses') },
                  ...NEWS_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
                ]}
                data-testid="news-status-filter"
              />
            </Group>
          }
        />
      </Stack>
    </Container>
  );
}
