import type { CaseLog } from '@cuspid/contracts/cases';
import { Alert, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconCircleDot,
  IconEdit,
  IconFile,
  IconLock,
  IconMail,
  IconPlus,
  IconRobot,
  IconStar,
  IconTag,
  IconTransfer,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useCaseLogs } from '../api/cases';
import { caseLogText } from './case-log-text';

const ICONS: Record<CaseLog['kind'], typeof IconCircleDot> = {
  created: IconPlus,
  status: IconTransfer,
  jaw: IconFile,
  result: IconFile,
  rating: IconStar,
  lock: IconLock,
  edit: IconEdit,
  mail: IconMail,
  engine: IconRobot,
  labels: IconTag,
};

/** What happened to the case (GET /case-logs/{id}), newest first, as a timeline. */
export function CaseLogs({ caseId }: { caseId: string }) {
  const { t } = useTranslation('cases');
  const format = useFormat();
  const logs = useCaseLogs(caseId);
  const entries = [...(logs.data?.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack gap="sm" data-testid="case-logs">
      <Title order={2} size="h4">
        {t('logs.title')}
      </Title>
      {logs.isError ? (
        <Alert color="red" title={t('logs.loadFailed')}>
          {errorMessage(logs.error)}
        </Alert>
      ) : !logs.data ? (
        <Skeleton h={80} />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('logs.none')}
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2}>
          {entries.map((entry) => {
            const Icon = ICONS[entry.kind] ?? IconCircleDot;
            const text = caseLogText(entry, t);
            return (
              <Timeline.Item
                key={entry.id}
                bullet={<Icon size={12} aria-hidden />}
                title={t(`logs.kind.${entry.kind}`)}
                data-testid="case-log"
              >
                {entry.from_status && entry.to_status && (
                  <Text size="sm">
                    {t('logs.moved', {
                      from: t(`status.${entry.from_status}`),
                      to: t(`status.${entry.to_status}`),
                    })}
                  </Text>
                )}
                {text && (
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {entry.actor_name ?? t('logs.system')} · {format.date(entry.created_at, true)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
