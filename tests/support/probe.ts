import { performance } from 'node:perf_hooks';

/**
 * Another landlord's `GET /api/user`, called one after another for as long as `work` runs: how long
 * each waited. On one event loop a heavy step of `work` shows as one long call here.
 */
export async function probeWhile<T>(baseUrl: string, token: string, work: () => Promise<T>): Promise<{ result: T; samples: number[] }> {
  const samples: number[] = [];
  let done = false;
  const probing = (async () => {
    // Let the heavy request reach the server first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    while (!done) {
      const start = performance.now();
      const res = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/user: ${res.status}`);
      samples.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work(), samples };
  } finally {
    done = true;
    await probing;
  }
}

/** The q-quantile and the largest of `samples`, in ms. */
export function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
