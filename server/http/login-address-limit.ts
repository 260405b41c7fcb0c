import type { FastifyReply, FastifyRequest } from 'fastify';

const WINDOW_MS = 15 * 60_000;
/** Past this many addresses the expired windows are swept, so a flood of addresses cannot grow the map forever. */
const SWEEP_AT = 10_000;

type Window = { failures: number; resetAt: number };

/**
 * Failed sign-ins per address across usernames. The per-username limit alone lets one address try
 * one password on every login (spraying) or list which logins exist; this one stops it. Only
 * failures count, so an office behind one address can still sign everyone in each morning.
 * In memory, per process, like @fastify/rate-limit's default store.
 */
export function loginAddressLimit(max: number) {
  const windows = new Map<string, Window>();

  function current(ip: string, now: number): Window | undefined {
    const w = windows.get(ip);
    if (w && w.resetAt <= now) {
      windows.delete(ip);
      return undefined;
    }
    return w;
  }

  /** preHandler: an address over its limit is answered 429 before any user is looked up. */
  async function check(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const w = current(req.ip, Date.now());
    if (w && w.failures >= max) {
      const ttl = w.resetAt - Date.now();
      reply.header('retry-after', Math.max(1, Math.ceil(ttl / 1000)));
      throw Object.assign(new Error('rate limited'), { statusCode: 429, ttl });
    }
  }

  /** onResponse: a refused sign-in (401, 403) counts against its address. */
  async function count(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (reply.statusCode !== 401 && reply.statusCode !== 403) return;
    const now = Date.now();
    if (windows.size >= SWEEP_AT) for (const [ip, w] of windows) if (w.resetAt <= now) windows.delete(ip);
    const w = current(req.ip, now) ?? { failures: 0, resetAt: now + WINDOW_MS };
    w.failures += 1;
    windows.set(req.ip, w);
  }

  return { check, count };
}
