import type { TicketPriority, TicketStatus } from '@cuspid/contracts/tickets';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<TicketStatus, string> = {
  new: 'blue',
  open: 'cyan',
  pending: 'gray',
  waitingForResponse: 'orange',
  resolved: 'green',
};

const PRIORITY_COLORS: Record<TicketPriority, string> = { high: 'red', normal: 'gray', low: 'teal' };

/** A ticket's status in words (the colour only repeats it). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="ticket-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge variant="outline" color={PRIORITY_COLORS[priority]} data-testid="ticket-priority">
      {t(`priority.${priority}`)}
    </Badge>
  );
}
