import { describe, expect, it } from 'vitest';
import { medianOf } from './requests';

describe('medianOf: the median of a histogram of hours, read as percentile_cont(0.5) reads sorted values', () => {
  it('is the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(
      medianOf([
        { hours: 1, n: 1 },
        { hours: 2, n: 1 },
        { hours: 3, n: 1 },
      ]),
    ).toBe(2);
    expect(
      medianOf([
        { hours: 4, n: 1 },
        { hours: 72, n: 1 },
      ]),
    ).toBe(38);
  });

  it('weighs each value by its count', () => {
    // 1, 1, 1, 5, 9: the third value.
    expect(
      medianOf([
        { hours: 1, n: 3 },
        { hours: 5, n: 1 },
        { hours: 9, n: 1 },
      ]),
    ).toBe(1);
    // 2, 2, 6, 6, 6, 6: the third and fourth values.
    expect(
      medianOf([
        { hours: 2, n: 2 },
        { hours: 6, n: 4 },
      ]),
    ).toBe(6);
    // 0.5 × 2 and 10 × 2: between the second and third.
    expect(
      medianOf([
        { hours: 0.5, n: 2 },
        { hours: 10, n: 2 },
      ]),
    ).toBe(5.25);
  });

  it('is null for nothing', () => {
    expect(medianOf([])).toBeNull();
  });
});
