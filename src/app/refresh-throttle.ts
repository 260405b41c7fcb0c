// Focus, visibility and back navigation refresh data, at most once per 5 seconds.
export const REFRESH_THROTTLE_MS = 5_000;

export function createRefreshThrottle(refresh: () => void, now: () => number = Date.now, interval = REFRESH_THROTTLE_MS) {
  let last = now();
  return {
    /** Refreshes when more than `interval` has passed since the last refresh; answers whether it did. */
    trigger(): boolean {
      const t = now();
      if (t - last <= interval) return false;
      last = t;
      refresh();
      return true;
    },
  };
}
