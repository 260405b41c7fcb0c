import { describe, expect, it } from 'vitest';
import { type BilledLease, rentFor, serviceFor } from './rent';

const lease = (over: Partial<BilledLease> = {}): BilledLease => ({
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  terminatedOn: null,
  area: '50.00',
  rate: '5000.00',
  indexationPercent: null,
  ...over,
});

describe('a lease rent for a month', () => {
  it('a whole month: area × rate, exactly', () => {
    expect(rentFor(lease(), '2026-11-01')).toEqual({ amount: '250000.00', days: null });
    expect(rentFor(lease({ area: '42.35', rate: '4999.99' }), '2026-02-01')).toEqual({ amount: '211749.58', days: null });
  });
  it('a lease starting, ending or terminated within the month: its days of the month', () => {
    // 16–30 November: 15 of 30 days.
    expect(rentFor(lease({ startsOn: '2026-11-16' }), '2026-11-01')).toEqual({ amount: '125000.00', days: 15 });
    // 1–10 February 2026 (28 days): 250,000 × 10 / 28 = 89,285.714… → 89,285.71.
    expect(rentFor(lease({ endsOn: '2026-02-10' }), '2026-02-01')).toEqual({ amount: '89285.71', days: 10 });
    expect(rentFor(lease({ terminatedOn: '2026-03-01' }), '2026-03-01')).toEqual({ amount: '8064.52', days: 1 });
  });
  it('no day of the month let: nothing', () => {
    expect(rentFor(lease(), '2027-01-01')).toBeNull();
    expect(rentFor(lease({ startsOn: '2026-12-01' }), '2026-11-01')).toBeNull();
    expect(rentFor(lease({ terminatedOn: '2026-10-31' }), '2026-11-01')).toBeNull();
  });
  it('indexation from each anniversary on, a month with one split at it', () => {
    const indexed = lease({ startsOn: '2025-03-15', endsOn: '2028-03-14', indexationPercent: '10' });
    // Before the first anniversary: 250,000; from 15 March 2026 the rate is 5,500 (275,000 a month).
    expect(rentFor(indexed, '2026-02-01')?.amount).toBe('250000.00');
    expect(rentFor(indexed, '2026-04-01')?.amount).toBe('275000.00');
    // March 2026: 14 days at 250,000 and 17 at 275,000, of 31: 8,175,000 / 31 = 263,709.677… → 263,709.68.
    expect(rentFor(indexed, '2026-03-01')).toEqual({ amount: '263709.68', days: null });
    // Two anniversaries by April 2027: 5,000 → 5,500 → 6,050.
    expect(rentFor(indexed, '2027-04-01')?.amount).toBe('302500.00');
  });
});

describe('a lease service charge for a month', () => {
  it('service rate × area for the days let, like rent, but never indexed', () => {
    const indexed = { ...lease({ startsOn: '2025-11-16', endsOn: '2026-11-30', indexationPercent: '10' }), serviceRate: '800' };
    // 50 m² × 800 = 40,000 a month, the anniversary in November changes nothing.
    expect(serviceFor(indexed, '2026-11-01')).toEqual({ amount: '40000.00', days: null });
    // 16–30 November 2025: 15 of 30 days.
    expect(serviceFor(indexed, '2025-11-01')).toEqual({ amount: '20000.00', days: 15 });
    expect(serviceFor({ ...lease(), serviceRate: null }, '2026-11-01')).toBeNull();
  });
});
