import { TICKET_PERMISSION, TICKET_PRIORITIES } from '@cuspid/contracts/tickets';
import { defineMetric } from '../../lib/metrics';
import * as repo from './tickets.repository';

/** The tickets opened in the period that the caller may see and that are not resolved yet, per priority (ADR 0136). */
export const openTicketsPerPriority = defineMetric({
  id: 'tickets.open-per-priority',
  title: 'dashboard:metrics.openTicketsPerPriority',
  kind: 'counts',
  permission: TICKET_PERMISSION,
  async compute({ db, actor, period }) {
    const counted = new Map(
      (await repo.countOpenTicketsPerPriority(db, actor, period)).map((row) => [row.priority, row.count]),
    );
    return TICKET_PRIORITIES.map((priority) => ({ key: priority, count: counted.get(priority) ?? 0 }));
  },
});
