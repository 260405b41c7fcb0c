import type { ServerResponse } from 'node:http';
import { liveSessionUsers } from '../../auth/sessions';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { AppError } from '../../http/errors';
import type { LiveHub, LiveSink } from './live';
import { issueTicket, redeemTicket } from './tickets';

type Ops = 'createStreamTicket' | 'streamNotifications';

/** A response as a stream of events; nothing may buffer it (a proxy's buffering, a transform). */
function sinkOf(res: ServerResponse): LiveSink {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    // The connection ends with the stream: when the app closes, nothing is left for the server to wait for.
    connection: 'close',
  });
  // A client reconnects after 3 s when the connection drops (the SPA's own backoff takes over on errors).
  res.write('retry: 3000\n\n');
  return {
    write: (chunk) => {
      if (!res.writableEnded) res.write(chunk);
    },
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}

/** EventSource's Last-Event-ID: the last notification id the client saw (the contract holds it to an integer). */
const idOf = (header: unknown) => (typeof header === 'string' && /^\d{1,16}$/.test(header) ? Number(header) : typeof header === 'number' ? header : null);

export function liveHandlers({ db }: Deps, hub: LiveHub): HandlersOf<Ops> {
  return {
    async createStreamTicket(req) {
      return issueTicket(db, callerOf(req).sessionId);
    },
    async streamNotifications(req, reply) {
      const sessionId = await redeemTicket(db, req.query.ticket);
      if (!sessionId) throw new AppError(401, 'unauthorized');
      const user = (await liveSessionUsers(db, [sessionId])).get(sessionId);
      if (!user) throw new AppError(401, 'session_expired');
      const resumeAfter = idOf(req.headers['last-event-id']) ?? req.query.last_id ?? null;
      // From here the response is ours: fastify neither serializes nor ends it.
      reply.hijack();
      const close = hub.open(sinkOf(reply.raw), user, sessionId, resumeAfter);
      req.raw.socket.setKeepAlive(true);
      reply.raw.on('close', close);
      return reply;
    },
  };
}
