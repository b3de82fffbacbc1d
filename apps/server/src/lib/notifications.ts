import pg from 'pg';
import type { Deps } from '../deps';

type Handler = (payload: string) => void;

/**
 * PostgreSQL notifications (LISTEN/NOTIFY) heard by this process: one connection for every channel, opened with
 * the first subscriber. Every process (web servers, workers) hears what any of them commits, which is how a case's
 * new status and a session's end reach the long-lived answers of other processes.
 *
 * A lost connection may have missed notifications: the subscribers are told (`onLost`), so that what depends on
 * hearing everything (a stream that must end with its session) ends instead of trusting a silence, and the
 * connection is opened again by the next subscriber.
 */
export class Notifications {
  private handlers = new Map<string, Set<Handler>>();
  private lostHandlers = new Set<() => void>();
  private connection: Promise<Connection> | null = null;

  constructor(private readonly deps: Pick<Deps, 'database' | 'logger'>) {}

  /** Calls `handler` with every payload of `channel` from now on; resolves once the channel is listened to. */
  async subscribe(channel: string, handler: Handler): Promise<() => void> {
    assertChannelName(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    try {
      const connection = await this.connect();
      await connection.listen(channel);
    } catch (error) {
      set.delete(handler);
      throw error;
    }
    return () => {
      set.delete(handler);
    };
  }

  /** Told when the connection is lost (notifications may have been missed). */
  onLost(handler: () => void): () => void {
    this.lostHandlers.add(handler);
    return () => this.lostHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.lostHandlers.clear();
    const connection = this.connection;
    this.connection = null;
    if (connection) await (await connection.catch(() => null))?.close();
  }

  private deliver = (channel: string, payload: string) => {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.deps.logger.error({ err, channel }, 'a notification handler failed');
      }
    }
  };

  private lost = (err: unknown) => {
    this.deps.logger.warn({ err }, 'the notifications connection was lost; open streams end and reconnect');
    this.connection = null;
    for (const handler of [...this.lostHandlers]) handler();
  };

  private connect(): Promise<Connection> {
    this.connection ??= openConnection(this.deps.database, this.deliver, this.lost).catch((error) => {
      this.connection = null;
      throw error;
    });
    return this.connection;
  }
}

/** How this process's listening connection shows in pg_stat_activity (one per process). */
export const NOTIFICATIONS_APPLICATION_NAME = `cuspid-notifications-${process.pid}`;

type Connection = { listen(channel: string): Promise<void>; close(): Promise<void> };

async function openConnection(
  database: Deps['database'],
  deliver: (channel: string, payload: string) => void,
  lost: (err: unknown) => void,
): Promise<Connection> {
  if (database.kind === 'pglite') {
    const listening = new Map<string, () => Promise<void>>();
    return {
      async listen(channel) {
        if (listening.has(channel)) return;
        listening.set(channel, await database.pglite.listen(channel, (payload) => deliver(channel, payload)));
      },
      async close() {
        await Promise.all([...listening.values()].map((stop) => stop().catch(() => {})));
      },
    };
  }
  const client = new pg.Client({ connectionString: database.url, application_name: NOTIFICATIONS_APPLICATION_NAME });
  const listening = new Set<string>();
  let closing = false;
  const onLost = (err: unknown) => {
    if (closing) return;
    closing = true;
    client.end().catch(() => {});
    lost(err);
  };
  client.on('error', onLost);
  client.on('end', () => onLost(new Error('connection ended')));
  client.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
  await client.connect();
  return {
    async listen(channel) {
      if (listening.has(channel)) return;
      listening.add(channel);
      await client.query(`listen ${channel}`);
    },
    async close() {
      closing = true;
      await client.end().catch(() => {});
    },
  };
}

/** Channel names are identifiers written into LISTEN: only the project's own constants, checked all the same. */
function assertChannelName(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

const instances = new WeakMap<object, Notifications>();

/** The one listener of a process's dependencies (the services of one process share it). */
export function notificationsOf(deps: Pick<Deps, 'database' | 'logger'>): Notifications {
  let instance = instances.get(deps.database);
  if (!instance) {
    instance = new Notifications(deps);
    instances.set(deps.database, instance);
  }
  return instance;
}
