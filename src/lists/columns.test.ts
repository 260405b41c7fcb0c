import { describe, expect, it } from 'vitest';
import { lowestPriority, mayLeave, shownFrom } from './columns';

describe('column priorities', () => {
  it('the details are offered below the width of the priority that leaves first', () => {
    expect(lowestPriority([undefined, 2, 5, 3])).toBe(5);
    expect(lowestPriority([undefined, undefined])).toBe(1);
    expect(shownFrom[lowestPriority([1, 3])]).toBeGreaterThan(shownFrom[2]);
  });

  it('only columns that may leave the table go into the details, in their order', () => {
    const columns = [{ key: 'name' }, { key: 'phone', priority: 4 as const }, { key: 'status', priority: 1 as const }, { key: 'date', priority: 2 as const }];
    expect(mayLeave(columns).map((c) => c.key)).toEqual(['phone', 'date']);
  });

  it('a column of higher priority number leaves at a wider list', () => {
    const widths = ([1, 2, 3, 4, 5] as const).map((p) => shownFrom[p]);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
  });
});
