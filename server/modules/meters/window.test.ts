import { expect, it } from 'vitest';
import { windowOf } from './service';

const settings = (windowFrom: number, windowTo: number) => ({ windowFrom, windowTo, shareCommon: false });

it("the window is its days of today's month, a day past a short month's end being its last", () => {
  expect(windowOf(settings(20, 25), '2026-11-27')).toEqual({ period: '2026-11-01', from: '2026-11-20', to: '2026-11-25', open: false });
  expect(windowOf(settings(20, 31), '2026-11-30')).toEqual({ period: '2026-11-01', from: '2026-11-20', to: '2026-11-30', open: true });
  expect(windowOf(settings(25, 31), '2027-02-28')).toEqual({ period: '2027-02-01', from: '2027-02-25', to: '2027-02-28', open: true });
  expect(windowOf(settings(30, 31), '2028-02-29')).toEqual({ period: '2028-02-01', from: '2028-02-29', to: '2028-02-29', open: true });
  expect(windowOf(settings(1, 31), '2026-12-31').open).toBe(true);
});
