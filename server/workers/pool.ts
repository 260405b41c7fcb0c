import { Piscina } from 'piscina';
import { AppError } from '../http/errors';
import type { TaskInput, TaskName, TaskOutput } from './tasks';

/**
 * The one pool of worker threads for the CPU-heavy steps (an SVG logo's sanitising, a lease template's
 * parsing and filling, a calendar's expansion and iCalendar text): on the event loop, one landlord's
 * large file or feed would make every other landlord's request wait for it. A task past its time limit
 * is aborted (piscina ends its thread); a queue past its bound answers 503 at once.
 */
export type WorkerSettings = { threads: number; taskTimeoutMs: number; maxQueue: number };

let settings: WorkerSettings = { threads: 1, taskTimeoutMs: 20_000, maxQueue: 64 };
let pool: Piscina | null = null;

/** The process's settings (WORKER_THREADS, WORKER_TASK_TIMEOUT_MS, WORKER_MAX_QUEUE), read at the start. */
export function configureWorkers(next: WorkerSettings): void {
  if (next.threads === settings.threads && next.taskTimeoutMs === settings.taskTimeoutMs && next.maxQueue === settings.maxQueue) return;
  settings = next;
  const old = pool;
  pool = null;
  void old?.close();
}

/** The task file is TypeScript: entry.mjs loads it with tsx (vitest transforms only its own thread). */
function poolOf(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: settings.threads,
    maxQueue: settings.maxQueue,
    idleTimeout: 60_000,
  });
  return pool;
}

/** The task ran past its time limit (waiting included): the caller refuses the work in its own words. */
export class TaskTimeout extends Error {}

/** Runs `name` on a worker thread; TaskTimeout past the time limit, 503 `service_busy` when the queue is full. */
export async function runTask<N extends TaskName>(name: N, input: TaskInput<N>, timeoutMs = settings.taskTimeoutMs): Promise<TaskOutput<N>> {
  try {
    return (await poolOf().run({ name, input }, { signal: AbortSignal.timeout(timeoutMs) })) as TaskOutput<N>;
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') throw new TaskTimeout(name);
    if (err instanceof Error && /Task queue is at limit|No task queue available/.test(err.message)) {
      throw new AppError(503, 'service_busy', undefined, { seconds: 5 });
    }
    throw err;
  }
}
