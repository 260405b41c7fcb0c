import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * Another landlord's `GET /api/user`, called one after another for as long as `work` runs: how long
 * each waited, and the longest the event loop was held (`loopMax`, ms). The caller and the server share
 * this process's loop, so a call sent after a block began does not see it: the loop's delay does.
 */
export async function probeWhile<T>(
  baseUrl: string,
  token: string,
  work: () => Promise<T>,
): Promise<{ result: T; samples: number[]; failed: number; loopMax: number }> {
  const samples: number[] = [];
  let failed = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let done = false;
  const probing = (async () => {
    // Let the heavy request reach the server first; one call at least, however soon the work ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    do {
      const start = performance.now();
      // A call the server dropped after waiting (its request timeout) counts with the time it waited.
      const status = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } })
        .then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        })
        .catch(() => 0);
      samples.push(performance.now() - start);
      failed += status === 200 ? 0 : 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    } while (!done);
  })();
  try {
    const result = await work();
    done = true;
    await probing;
    return { result, samples, failed, loopMax: loop.max / 1e6 };
  } finally {
    done = true;
    loop.disable();
  }
}

/** The q-quantile and the largest of `samples`, in ms. */
export function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
