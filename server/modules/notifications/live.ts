import { and, desc, eq, gt, max, sql } from 'drizzle-orm';
import { type AuthedUser, liveSessionUsers } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { EVERYONE, signalOf } from '../../db/live-signal';
import { notifications } from '../../db/schema';
import { idArray } from '../menu/caller';
import { inboxItem } from './inbox';
import { notePresent } from './presence';

/** At most this many rows per read: the newest of them when more are waiting (the inbox has them all). */
export const LIVE_BATCH = 50;
/** At most this many streams read by one statement. */
const STREAMS_PER_READ = 1_000;
const HEARTBEAT_MS = 25_000;

/** What the hub writes to: one open response. */
export type LiveSink = { write(chunk: string): void; end(): void };

type Stream = {
  sink: LiveSink;
  sessionId: string;
  user: AuthedUser;
  /** Rows at or below it are not sent: older than the stream (or than the id it resumed from). */
  floor: number;
  /** The newest id the stream has covered (its floor, or the newest row sent): the id of a `counts` event, to resume from. */
  cursor: number;
  /** The ids sent among the newest rows above the floor: a row committed late under a higher id is still sent once. */
  sent: Set<number>;
  /** Its floor is known: it can be read. */
  ready: boolean;
  closed: boolean;
};

export type LiveHub = {
  /**
   * A NOTIFY payload (db/live-signal.ts): the streams of the users it names, or every stream, read
   * their news, or check their sessions again (a stream of an ended session ends).
   */
  signal(payload: string): void;
  /** Serves `sink` for a user's session from now on; `resumeAfter` replays the rows after that id first. */
  open(sink: LiveSink, user: AuthedUser, sessionId: string, resumeAfter: number | null): () => void;
  /** Ends every stream (the app is closing). */
  close(): void;
  /** How many streams are open, for tests. */
  size(): number;
};

const frame = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The process's live streams, by user. Each stream is sent only its own user's rows; the streams a
 * signal wakes are read together, one read at a time: a signal that arrives during a read has its
 * streams read once it is done, so bursts coalesce.
 * A session's end (sign-out, a password change, a deleted account) is signalled too, and its streams
 * end at once. Every HEARTBEAT_MS each stream gets a comment (proxies keep it open, a dead client is
 * noticed) and the sessions are checked again, all in one query: an expired session's stream ends.
 */
export function createLiveHub(
  db: Db,
  onError: (err: unknown) => void,
  options: {
    heartbeatMs?: number;
    /** The menu's counts of many users, sent after each read (the app passes menu/counts.ts); without it streams carry notifications only. */
    countsOf?: (users: AuthedUser[]) => Promise<Map<string, Record<string, number>>>;
    /**
     * Streams one session may hold open in this process (config `streamsPerSession`): one more ends the
     * oldest, told `replaced` first, so one token cannot hold the process's sockets and memory.
     */
    perSession?: number;
  } = {},
): LiveHub {
  const { heartbeatMs = HEARTBEAT_MS, countsOf, perSession = Number.POSITIVE_INFINITY } = options;
  const byUser = new Map<string, Set<Stream>>();
  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  // A stream's newest rows above its floor: `s` is the row of the streams read together (readAll).
  const latest = db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, sql`s.user_id`), gt(notifications.id, sql`s.floor`)))
    .orderBy(desc(notifications.id))
    .limit(LIVE_BATCH)
    .as('latest');

  const remove = (s: Stream) => {
    if (s.closed) return;
    s.closed = true;
    const set = byUser.get(s.user.id);
    set?.delete(s);
    if (set?.size === 0) byUser.delete(s.user.id);
    s.sink.end();
  };

  /**
   * Reads the news of many streams at once: ONE statement for their rows (each stream's newest above
   * its floor, by notifications_inbox_idx) and one per shape for their users' counts (menu/counts.ts),
   * however many streams a notice to every tenant wakes: read once, written to many.
   */
  const readAll = async (streams: Stream[]) => {
    const found = await db
      .select({
        n: sql<number>`s.n`.mapWith(Number),
        row: {
          id: latest.id,
          kind: latest.kind,
          params: latest.params,
          actorName: latest.actorName,
          subjectType: latest.subjectType,
          subjectId: latest.subjectId,
          createdAt: latest.createdAt,
          readAt: latest.readAt,
        },
      })
      .from(
        sql`unnest(${idArray(streams.map((s) => s.user.id))}::uuid[], ${`{${streams.map((s) => s.floor).join(',')}}`}::bigint[]) with ordinality as s (user_id, floor, n)`,
      )
      .innerJoinLateral(latest, sql`true`);
    const rowsOf = new Map<Stream, Array<(typeof found)[number]['row']>>();
    for (const { n, row } of found) {
      const s = streams[n - 1];
      if (!s) continue;
      const list = rowsOf.get(s);
      if (list) list.push(row);
      else rowsOf.set(s, [row]);
    }
    for (const s of streams) {
      if (s.closed) continue;
      const rows = rowsOf.get(s) ?? [];
      for (const row of [...rows].sort((a, b) => a.id - b.id)) if (!s.sent.has(row.id)) s.sink.write(frame('notification', inboxItem(row), row.id));
      s.sent = new Set(rows.map((row) => row.id));
      s.cursor = Math.max(s.cursor, ...s.sent);
    }
    if (!countsOf) return;
    const open = streams.filter((s) => !s.closed);
    const counts = await countsOf([...new Map(open.map((s) => [s.user.id, s.user])).values()]);
    for (const s of open) if (!s.closed) s.sink.write(frame('counts', counts.get(s.user.id) ?? {}, s.cursor));
  };

  // Streams with news to read; one drain at a time takes them all, so a burst of signals coalesces.
  const pending = new Set<Stream>();
  let draining = false;
  const drain = async () => {
    while (pending.size > 0) {
      const batch = [...pending].filter((s) => s.ready && !s.closed).slice(0, STREAMS_PER_READ);
      for (const s of [...pending]) if (!s.ready || s.closed || batch.includes(s)) pending.delete(s);
      if (batch.length > 0) await readAll(batch).catch(onError);
    }
  };
  const check = (streams: Iterable<Stream>) => {
    for (const s of streams) pending.add(s);
    if (draining) return;
    draining = true;
    void drain().finally(() => {
      draining = false;
      if (pending.size > 0) check([]);
    });
  };

  /** The streams whose session is no longer live end; the others take their user's current name and role. */
  const recheck = async (streams: Stream[]) => {
    if (streams.length === 0) return;
    const live = await liveSessionUsers(db, [...new Set(streams.map((s) => s.sessionId))]);
    for (const s of streams) {
      const user = live.get(s.sessionId);
      if (user) s.user = user;
      else remove(s);
    }
  };

  const heartbeat = async () => {
    const streams = all();
    for (const s of streams) s.sink.write(': ping\n\n');
    await recheck(streams);
    await notePresent(db, [...byUser.keys()]);
  };
  const timer = setInterval(() => void heartbeat().catch(onError), heartbeatMs);
  timer.unref();

  return {
    signal(payload) {
      const signal = signalOf(payload);
      const users = signal.users;
      const streams = users === EVERYONE ? all() : [...users].flatMap((id) => [...(byUser.get(id) ?? [])]);
      if (signal.sessions) void recheck(streams).catch(onError);
      if (signal.notifications) check(streams);
    },
    open(sink, user, sessionId, resumeAfter) {
      // Registered before its floor is read, and read once it is: a signal meanwhile is served then.
      const s: Stream = { sink, sessionId, user, floor: resumeAfter ?? 0, cursor: 0, sent: new Set(), ready: false, closed: false };
      const set = byUser.get(user.id) ?? new Set();
      // A set keeps its order of insertion: the session's oldest streams come first.
      const ofSession = [...set].filter((other) => other.sessionId === sessionId);
      for (const old of ofSession.slice(0, Math.max(0, ofSession.length - perSession + 1))) {
        old.sink.write(frame('replaced', {}));
        remove(old);
      }
      set.add(s);
      byUser.set(user.id, set);
      void (async () => {
        try {
          await notePresent(db, [user.id]);
          if (resumeAfter === null) {
            const [row] = await db
              .select({ last: max(notifications.id) })
              .from(notifications)
              .where(eq(notifications.userId, user.id));
            s.floor = row?.last ?? 0;
          }
        } catch (err) {
          onError(err);
          remove(s);
          return;
        }
        s.cursor = s.floor;
        s.ready = true;
        check([s]);
      })();
      return () => remove(s);
    },
    close() {
      clearInterval(timer);
      for (const s of all()) remove(s);
    },
    size: () => all().length,
  };
}
