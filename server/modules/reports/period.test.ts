import { expect, it } from 'vitest';
import { bucketsOf, periodOf } from './period';

it('charts up to two months by day, up to eight months by week, longer by month', () => {
  expect(periodOf({ from: '2031-01-01', to: '2031-03-03' }).unit).toBe('day');
  expect(periodOf({ from: '2031-01-01', to: '2031-06-30' }).unit).toBe('week');
  expect(periodOf({ from: '2031-01-01', to: '2031-12-31' }).unit).toBe('month');
});

it("lists every month of a long period, the first and the last even when partial, across a year's end", () => {
  expect(bucketsOf({ from: '2030-11-15', to: '2031-02-02', unit: 'month' })).toEqual(['2030-11', '2030-12', '2031-01', '2031-02']);
  expect(bucketsOf(periodOf({ from: '2031-01-01', to: '2031-12-31' }))).toHaveLength(12);
});
