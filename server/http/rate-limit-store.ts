import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/** A window after a hit: its hits and the milliseconds until it closes. */
export type Hits = { current: number; ttl: number };

/**
 * Rate-limit windows in PostgreSQL, so that several API processes behind a balancer count one
 * address together: each hit is one UPSERT that opens a window, or counts in the open one. PGlite
 * is one process and keeps its windows in memory.
 */
export function sharedWindows(db: Db) {
  let lastSweep = 0;
  async function add(key: string, windowMs: number, delta: 1 | -1): Promise<Hits> {
    const now = Date.now();
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
    }
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: Math.max(delta, 0), resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= now() then ${Math.max(delta, 0)} else greatest(${rateLimits.hits} + ${delta}, 0) end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ current: rateLimits.hits, ttl: sql<number>`greatest(ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000), 0)`.mapWith(Number) });
    return row ?? { current: 0, ttl: windowMs };
  }
  return {
    hit: (key: string, windowMs: number) => add(key, windowMs, 1),
    /** Gives a hit back (a sign-in that succeeded). */
    giveBack: (key: string, windowMs: number) => add(key, windowMs, -1),
  };
}

export type SharedWindows = ReturnType<typeof sharedWindows>;

type Callback = (err: Error | null, res?: Hits) => void;

/** @fastify/rate-limit's store interface over the shared windows (one key space per route). */
export function rateLimitStore(windows: SharedWindows) {
  return class SharedStore {
    private readonly prefix: string;
    /** The plugin passes its options; a route's store (child) passes its key space. */
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }
    incr(key: string, cb: Callback, timeWindow: number) {
      windows.hit(`${this.prefix}${key}`, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    /** At run time the plugin passes the route's merged options with `routeInfo`, as its Redis store reads. */
    child(route: { url?: string; routeInfo?: { method: string; url: string } }) {
      return new SharedStore(undefined, `${route.routeInfo?.method ?? ''}${route.routeInfo?.url ?? route.url ?? ''}|`);
    }
  };
}
