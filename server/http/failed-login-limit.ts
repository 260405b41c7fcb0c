import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedWindows } from './rate-limit-store';

const WINDOW_MS = 15 * 60_000;
/** Past this many addresses the expired windows are swept, so a flood of addresses cannot grow the map forever. */
const SWEEP_AT = 10_000;

type Window = { failures: number; resetAt: number };
type KeyOf = (req: FastifyRequest) => string | null;
type OnOver = (req: FastifyRequest) => void;

/** An IPv6 client holds a whole /64 as a rule: its addresses count as one. */
export function addressKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Failed sign-ins counted under a key: per address across usernames (the per-username limit alone lets
 * one address try one password on every login, or list which logins exist), and per username and
 * address (guessing one login's password). Only failures count, so an office behind one address can
 * still sign everyone in each morning, and a user who signs in often is never locked out.
 * In memory for one process (PGlite), or in PostgreSQL's shared windows for several. A request
 * whose key is null is not this limit's; past the limit, `onOver` (when given) is told instead of a 429.
 */
export function failedLoginLimit(name: string, max: number, keyOf: KeyOf, shared?: SharedWindows, onOver?: OnOver) {
  if (shared) return sharedFailedLoginLimit(`${name}|`, max, keyOf, shared, onOver);
  const windows = new Map<string, Window>();
  // The attempts counted as they started: only those can give their count back.
  const counted = new WeakMap<FastifyRequest, string>();

  function current(key: string, now: number): Window | undefined {
    const w = windows.get(key);
    if (w && w.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  }

  /**
   * preHandler: a key over its limit is answered 429 before any user is looked up. Every attempt
   * is counted as a failure as it starts, so a burst sent at once cannot all pass before the first
   * answer; a sign-in that succeeds gives its count back (count below).
   */
  async function check(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = Date.now();
    const key = keyOf(req);
    if (key === null) return;
    const w = current(key, now);
    if (w && w.failures >= max) {
      if (onOver) return onOver(req);
      throw tooMany(reply, w.resetAt - now);
    }
    if (windows.size >= SWEEP_AT) for (const [k, old] of windows) if (old.resetAt <= now) windows.delete(k);
    const window = w ?? { failures: 0, resetAt: now + WINDOW_MS };
    window.failures += 1;
    windows.set(key, window);
    counted.set(req, key);
  }

  /** onResponse: only a refused sign-in (401, 403) keeps its count. */
  async function count(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = counted.get(req);
    if (key === undefined || reply.statusCode === 401 || reply.statusCode === 403) return;
    const w = current(key, Date.now());
    if (w && w.failures > 0) w.failures -= 1;
  }

  return { check, count };
}

const tooMany = (reply: FastifyReply, ttl: number) => {
  reply.header('retry-after', Math.max(1, Math.ceil(ttl / 1000)));
  return Object.assign(new Error('rate limited'), { statusCode: 429, ttl });
};

/** The same limit counted in PostgreSQL, so that every API process sees the failures. */
function sharedFailedLoginLimit(prefix: string, max: number, keyOf: KeyOf, shared: SharedWindows, onOver?: OnOver) {
  const counted = new WeakMap<FastifyRequest, string>();
  async function check(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const own = keyOf(req);
    if (own === null) return;
    const key = prefix + own;
    const { current, ttl } = await shared.hit(key, WINDOW_MS);
    if (current > max && onOver) return onOver(req);
    counted.set(req, key);
    if (current > max) throw tooMany(reply, ttl);
  }
  async function count(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = counted.get(req);
    if (key === undefined || reply.statusCode === 401 || reply.statusCode === 403 || reply.statusCode === 429) return;
    await shared.giveBack(key, WINDOW_MS);
  }
  return { check, count };
}
