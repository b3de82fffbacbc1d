import type { NewsStatus } from '@cuspid/contracts/news';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Scheduled (before its publish date) or published; the word, not only the colour, tells which. */
export function NewsStatusBadge({ status }: { status: NewsStatus }) {
  const { t } = useTranslation('news');
  return (
    <Badge color={status === 'published' ? 'green' : 'yellow'} variant="light" data-testid="news-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
