import type { News } from '@cuspid/contracts/news';
import { Badge, Card, Container, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DetailField } from '../../../components/detail-field';
import { DeleteAction, EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RichTextView } from '../../../components/rich-text-view';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useDeleteNews, useNews } from '../api/news';
import { NewsStatusBadge } from '../components/news-status-badge';
import { newsPaths } from '../paths';

/** One news item as staff see it (route /news/{id}/show, backoffice-news): its settings and its text as readers see it. */
export function NewsShowPage() {
  const { t } = useTranslation(['news', 'common', 'nav']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const news = useNews(id);
  const remove = useDeleteNews();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(id);
      notifySuccess(t('show.deleted'));
      void navigate(newsPaths.news);
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };

  const audienceOf = (item: News) => [
    ...item.audience.roles,
    ...item.audience.partner_types.map((type) => t(`partnerTypes.${type}`)),
  ];

  return (
    <QueryState
      query={news}
      loadFailed={t('loadFailed')}
      skeletonHeight={420}
      back={{ to: newsPaths.news, list: t('nav:news') }}
    >
      {(item) => (
        <Container size="lg" px={0}>
          <Stack gap="lg" data-testid="news-show">
            <PageHeader
              back={{ to: newsPaths.news, list: t('nav:news') }}
              title={item.subject}
              badges={<NewsStatusBadge status={item.status} />}
              description={format.date(item.publish_at, true)}
              actions={
                <>
                  <EditAction to={newsPaths.newsEdit(item.id)}>{t('show.edit')}</EditAction>
                  <DeleteAction onClick={() => setConfirming(true)}>{t('show.delete')}</DeleteAction>
                </>
              }
            />
            <Card withBorder radius="lg" padding="lg">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DetailField label={t('fields.language')}>{t(`common:languages.${item.language}`)}</DetailField>
                <DetailField label={t('fields.audience')}>
                  {audienceOf(item).length ? (
                    <Group gap={4}>
                      {audienceOf(item).map((name) => (
                        <Badge key={name} variant="outline" size="sm">
                          {name}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    t('audience.everyone')
                  )}
                </DetailField>
                <DetailField label={t('fields.reads')}>{format.number(item.reads)}</DetailField>
              </SimpleGrid>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <RichTextView html={item.body} testId="news-show-body" />
            </Card>
            <ConfirmDeleteModal
              opened={confirming}
              onCancel={() => setConfirming(false)}
              onConfirm={() => void handleDelete()}
              loading={remove.isPending}
              subject={item.subject}
            />
          </Stack>
        </Container>
      )}
    </QueryState>
  );
}
