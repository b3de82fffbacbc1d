import type { CaseEvent } from '@cuspid/contracts/cases';
import pg from 'pg';
import { queryRows } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { visibleCompanyIds } from '../../lib/company-scope';
import { CASE_EVENTS_CHANNEL } from './cases.repository';

/** What a NOTIFY of a case change carries: the event and the company it belongs to (for the filter). */
type Notice = CaseEvent & { company_id: string };
type Listener = (notice: Notice) => void;

/**
 * The case changes of every process (web server or worker), as PostgreSQL notifications (LISTEN on one
 * connection per server process, started with the first subscriber), fanned out to the open streams of
 * GET /cases/events. A change is notified when its transaction commits, so a stream never shows a status
 * that was rolled back.
 */
export class CaseEventHub {
  private listeners = new Set<Listener>();
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly deps: Deps) {}

  async subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    this.starting ??= this.start().catch((err) => {
      this.starting = null;
      throw err;
    });
    await this.starting;
    return () => this.listeners.delete(listener);
  }

  get size() {
    return this.listeners.size;
  }

  private deliver = (payload: string | undefined) => {
    if (!payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    for (const listener of this.listeners) listener(notice);
  };

  private async start() {
    const { database } = this.deps;
    if (database.kind === 'pglite') {
      this.stopListening = await database.pglite.listen(CASE_EVENTS_CHANNEL, this.deliver);
      return;
    }
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', (err) => this.deps.logger.warn({ err }, 'case events connection failed'));
    client.on('notification', (message) => this.deliver(message.payload));
    await client.connect();
    await client.query(`listen ${CASE_EVENTS_CHANNEL}`);
    this.stopListening = () => client.end();
  }

  async close() {
    this.listeners.clear();
    const stop = this.stopListening;
    this.stopListening = null;
    this.starting = null;
    if (stop) await stop().catch(() => {});
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
    allows: (notice: Notice) => companies.has(notice.company_id) && notice.status !== 'hidden',
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** The event as the stream sends it (without the company, which the filter used). */
export function toEvent({ company_id: _company, ...event }: Notice): CaseEvent {
  return event;
}
