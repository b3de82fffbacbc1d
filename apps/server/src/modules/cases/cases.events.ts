import type { CaseEvent } from '@cuspid/contracts/cases';
import { queryRows } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { visibleCompanyIds } from '../../lib/company-scope';
import { notificationsOf } from '../../lib/notifications';
import { CASE_EVENTS_CHANNEL } from './cases.repository';
import { shownToCompanies } from './cases.tables';

/** What a NOTIFY of a case change carries: the event and the company it belongs to (for the filter). */
type Notice = CaseEvent & { company_id: string };
type Listener = (notice: Notice) => void;

/**
 * The case changes of every process (web server or worker), as PostgreSQL notifications (the process's one
 * listening connection, lib/notifications.ts), fanned out to the open streams of GET /cases/events. A change is
 * notified when its transaction commits, so a stream never shows a status that was rolled back.
 */
export class CaseEventHub {
  constructor(private readonly deps: Deps) {}

  subscribe(listener: Listener): Promise<() => void> {
    return notificationsOf(this.deps).subscribe(CASE_EVENTS_CHANNEL, (payload) => {
      let notice: Notice;
      try {
        notice = JSON.parse(payload) as Notice;
      } catch {
        return;
      }
      listener(notice);
    });
  }
}

/**
 * Which companies' cases a stream may show: every company for staff; for anyone else the companies in its
 * scope, read again every minute (a partner gains and loses customers). Hidden cases are never shown to
 * customers.
 */
export function eventFilter(deps: Deps, actor: Actor) {
  if (actor.isStaff) return { allows: (_: Notice) => true, refresh: async () => {}, stop: () => {} };
  let companies = new Set<string>([actor.companyId]);
  const refresh = async () => {
    const rows = await queryRows<{ id: string }>(deps.db, visibleCompanyIds(actor.companyId));
    companies = new Set(rows.map((r) => r.id));
  };
  const timer = setInterval(() => void refresh().catch(() => {}), 60_000);
  timer.unref();
  return {
    allows: (notice: Notice) => companies.has(notice.company_id) && shownToCompanies(notice.status),
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** The event as the stream sends it (without the company, which the filter used). */
export function toEvent({ company_id: _company, ...event }: Notice): CaseEvent {
  return event;
}
