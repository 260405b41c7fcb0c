import type { FastifyInstance, FastifyReply } from 'fastify';

const pending = new Set<Promise<void>>();
/** How long closing waits for work still running after its answer (a slow SMTP server must not hold a shutdown). */
const DRAIN_MS = 5_000;

/**
 * Runs `work` once the answer has left, so how long the work takes (a mail sent or not, a row
 * written or not) cannot be read from the answer's timing. Failures are logged, never answered.
 */
export function afterResponse(reply: FastifyReply, work: () => Promise<void>): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const run: Promise<void> = work()
      .catch((err: unknown) => reply.log.error({ err }, 'work after the response failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}

/** Closing the app waits (a little) for such work, so it does not meet a closed database. */
export function drainAfterResponse(app: FastifyInstance): void {
  app.addHook('onClose', async () => {
    if (pending.size === 0) return;
    await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
  });
}
