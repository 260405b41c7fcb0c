/** A job of this process: stop() ends its timer and waits for a run in progress, so the database can close after. */
export type Job = { stop(): Promise<void> };

/**
 * Runs `run` every `intervalMs` in this process, and once at once unless `atStart` is false. A run
 * never overlaps the previous one. Every scheduled job of the product (deadlines, deliveries,
 * reminders, sweeps) is correct with several processes by its own SQL; this only paces one process.
 */
export function every(intervalMs: number, run: () => Promise<unknown>, onError: (err: unknown) => void, { atStart = true } = {}): Job {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (atStart) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
