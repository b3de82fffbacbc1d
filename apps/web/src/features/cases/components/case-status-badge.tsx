import type { CaseStatus, ResultStatus, UploadStatus } from '@cuspid/contracts/cases';
import { Badge, type BadgeProps, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One colour per status; the badge always writes the status out, so colour is never the only signal. */
export const CASE_STATUS_COLOURS: Record<CaseStatus, string> = {
  queued: 'gray',
  'in-progress': 'blue',
  done: 'cyan',
  'in-approval': 'yellow',
  approved: 'green',
  rejected: 'red',
  finished: 'teal',
  flagged: 'orange',
  trash: 'dark',
  hidden: 'violet',
  unsupported: 'pink',
  failed: 'red',
};

const RESULT_STATUS_COLOURS: Record<ResultStatus, string> = {
  'in-progress': 'blue',
  done: 'cyan',
  failed: 'red',
  approved: 'green',
  rejected: 'red',
  hidden: 'violet',
};

export function CaseStatusBadge({ status, size = 'md' }: { status: CaseStatus; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('cases');
  return (
    <Badge color={CASE_STATUS_COLOURS[status]} variant="light" size={size} data-testid="case-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function ResultStatusBadge({ status }: { status: ResultStatus }) {
  const { t } = useTranslation('cases');
  return (
    <Badge color={RESULT_STATUS_COLOURS[status]} variant="outline" data-testid="result-status">
      {t(`resultStatus.${status}`)}
    </Badge>
  );
}

type JawState = { jaw: 'upper' | 'lower'; status: UploadStatus; deleted_at: string | null };

const UPLOAD_ICON = { queued: IconClock, done: IconCheck, unsupported: IconAlertTriangle } as const;
const UPLOAD_COLOUR = { queued: 'gray', done: 'green', unsupported: 'orange' } as const;

/** Upload status of one jaw's scan: an icon with the jaw and status as its accessible name and tooltip. */
export function JawStatusIcon({ jaw }: { jaw: JawState }) {
  const { t } = useTranslation('cases');
  const label = jaw.deleted_at
    ? t('jaws.deletedLabel', { jaw: t(`jaws.${jaw.jaw}`) })
    : t('jaws.statusLabel', { jaw: t(`jaws.${jaw.jaw}`), status: t(`uploadStatus.${jaw.status}`) });
  const Icon = jaw.deleted_at ? IconTrash : UPLOAD_ICON[jaw.status];
  return (
    <Tooltip label={label}>
      <Group gap={2} wrap="nowrap" role="img" aria-label={label} data-testid={`jaw-${jaw.jaw}-${jaw.status}`}>
        <Text size="xs" fw={600} aria-hidden>
          {t(`jaws.short.${jaw.jaw}`)}
        </Text>
        <Icon
          size={16}
          color={`var(--mantine-color-${jaw.deleted_at ? 'gray' : UPLOAD_COLOUR[jaw.status]}-6)`}
          aria-hidden
        />
      </Group>
    </Tooltip>
  );
}

/** Both jaws of a case, upper first; a jaw without a scan is left out. */
export function JawStatusIcons({ jaws }: { jaws: readonly JawState[] }) {
  const sorted = [...jaws].sort((a, b) => (a.jaw === b.jaw ? 0 : a.jaw === 'upper' ? -1 : 1));
  return (
    <Group gap="xs" wrap="nowrap">
      {sorted.map((jaw) => (
        <JawStatusIcon key={jaw.jaw} jaw={jaw} />
      ))}
    </Group>
  );
}
