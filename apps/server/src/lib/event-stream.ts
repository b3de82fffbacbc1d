import { GENERAL_ERRORS } from '@cuspid/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { requireActor } from '../plugins/authenticate';
import { AppError } from './errors';
import { type SessionEndReason, watchSession } from './session-watch';
import { verifyAccessToken } from './tokens';

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export type EventStreamSource = (send: (event: string, data: unknown) => void) => Promise<() => void>;

/**
 * The one way to answer with server-sent events (a `stream: true` route). It runs under the caller's session for
 * as long as it stays open, not only when it opens: when the session, key, user or company ends, the access token
 * expires or the route's permission is no longer held, a last `event: end` says why ({ code, message } in the
 * error shape; TOKEN_EXPIRED: renew the token and come back) and the answer ends (lib/session-watch.ts).
 *
 * `source` starts listening before the first byte goes out (a change the client makes once it sees the stream open
 * is never missed) and returns the function that stops it. `open` is the route plugin's set of open streams, each
 * ended when the server closes (they would otherwise keep it from closing).
 */
export async function serveEventStream(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { open: Set<() => void>; source: EventStreamSource },
): Promise<void> {
  const actor = requireActor(request);
  const token = request.headers.authorization?.split(' ')[1] ?? '';
  const claims = await verifyAccessToken(deps.keys, token);

  let raw: FastifyReply['raw'] | null = null;
  let endedBeforeOpen: SessionEndReason | null = null;
  const send = (event: string, data: unknown) => {
    raw?.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const stopWatch = await watchSession(deps, {
    actor,
    claims,
    permission: request.routeOptions.config.permission,
    onEnd: (reason) => {
      if (!raw) {
        endedBeforeOpen = reason;
        return;
      }
      send('end', { code: reason, message: GENERAL_ERRORS[reason].message });
      end();
    },
  });
  if (endedBeforeOpen) throw new AppError(endedBeforeOpen);
  let stopSource: () => void;
  try {
    stopSource = await options.source(send);
  } catch (error) {
    stopWatch();
    throw error;
  }
  if (endedBeforeOpen) {
    stopSource();
    throw new AppError(endedBeforeOpen);
  }

  reply.hijack();
  const stream = reply.raw;
  raw = stream;
  stream.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  stream.write('retry: 3000\n\n');
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopWatch();
    stopSource();
    options.open.delete(end);
  };
  function end() {
    close();
    stream.end();
  }
  options.open.add(end);
  request.raw.once('close', close);
}
