import { describe, expect, it } from 'vitest';
import { createRefreshThrottle } from './refresh-throttle';

describe('refresh throttle', () => {
  it('refreshes only when more than 5 seconds passed since the last refresh', () => {
    let clock = 1_000;
    let refreshes = 0;
    const throttle = createRefreshThrottle(
      () => refreshes++,
      () => clock,
    );
    clock += 4_000;
    expect(throttle.trigger()).toBe(false);
    clock += 1_000; // exactly 5 s: not more than 5 s
    expect(throttle.trigger()).toBe(false);
    clock += 1;
    expect(throttle.trigger()).toBe(true);
    expect(throttle.trigger()).toBe(false);
    clock += 5_001;
    expect(throttle.trigger()).toBe(true);
    expect(refreshes).toBe(2);
  });
});
