import { describe, expect, it } from 'vitest';
import { lateFeeFor, type Overdue } from './late-fees';

// 100,000 due on 10 January, 0.1 % a day, no cap, nothing paid.
const invoice = (over: Partial<Overdue> = {}): Overdue => ({
  total: '100000.00',
  dueOn: '2027-01-10',
  paid: [],
  percent: '0.1',
  cap: null,
  earlier: '0',
  ...over,
});

describe('a late fee for a month', () => {
  it('from the day after the due day to the month end: owed × per cent × days', () => {
    // 11–31 January: 21 days of 100 ₸.
    expect(lateFeeFor(invoice(), '2027-01-01')).toBe('2100.00');
    // Still unpaid all February: 28 days.
    expect(lateFeeFor(invoice(), '2027-02-01')).toBe('2800.00');
  });
  it('until the day paid (that day counted); a part paid lowers the sum from the next day', () => {
    expect(lateFeeFor(invoice({ paid: [{ on: '2027-01-15', amount: '100000' }] }), '2027-01-01')).toBe('500.00');
    // 11–21 January on 100,000, 22–31 on 50,000.
    expect(lateFeeFor(invoice({ paid: [{ on: '2027-01-21', amount: '50000' }] }), '2027-01-01')).toBe('1600.00');
  });
  it('none when paid on time, before the month or without a rate', () => {
    expect(lateFeeFor(invoice({ paid: [{ on: '2027-01-10', amount: '100000' }] }), '2027-01-01')).toBeNull();
    expect(lateFeeFor(invoice({ paid: [{ on: '2027-01-20', amount: '100000' }] }), '2027-02-01')).toBeNull();
    expect(lateFeeFor(invoice({ percent: '0' }), '2027-01-01')).toBeNull();
    // Due on the month's last day: not yet late in it.
    expect(lateFeeFor(invoice({ dueOn: '2027-01-31' }), '2027-01-01')).toBeNull();
  });
  it('all its late fees stay within the cap: a per cent of the total', () => {
    expect(lateFeeFor(invoice({ cap: '1' }), '2027-01-01')).toBe('1000.00');
    expect(lateFeeFor(invoice({ cap: '1', earlier: '900.00' }), '2027-01-01')).toBe('100.00');
    expect(lateFeeFor(invoice({ cap: '1', earlier: '1000.00' }), '2027-01-01')).toBeNull();
    // A cap of an odd total is rounded down: never above it.
    expect(lateFeeFor(invoice({ total: '333.33', cap: '1', percent: '5' }), '2027-01-01')).toBe('3.33');
  });
  it('rounded half up to the tiyn once, over the days', () => {
    // 333.33 × 0.15 % = 0.499995 a day.
    expect(lateFeeFor(invoice({ total: '333.33', percent: '0.15', dueOn: '2027-01-30' }), '2027-01-01')).toBe('0.50');
    expect(lateFeeFor(invoice({ total: '333.33', percent: '0.15', dueOn: '2027-01-29' }), '2027-01-01')).toBe('1.00');
  });
});
