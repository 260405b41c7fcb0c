/**
 * Work a request starts and does not wait for (a notice's fan-out to thousands, after its POST has
 * answered). The app waits for what is still running before its database closes (server.ts).
 */
const running = new Set<Promise<unknown>>();

export function soon(run: () => Promise<unknown>, onError: (err: unknown) => void): void {
  const task: Promise<unknown> = run()
    .catch(onError)
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once everything started by `soon` has ended. */
export async function settled(): Promise<void> {
  while (running.size > 0) await Promise.all(running);
}
