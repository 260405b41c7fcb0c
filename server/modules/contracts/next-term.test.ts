import { describe, expect, it } from 'vitest';
import { nextTermEnd } from './service';

describe('the term of a renewed lease', () => {
  it('renews a year for a year, a leap day in it or not', () => {
    expect(nextTermEnd('2026-11-01', '2027-10-31')).toBe('2028-10-31');
    expect(nextTermEnd('2026-12-01', '2027-11-30')).toBe('2028-11-30');
    expect(nextTermEnd('2027-03-01', '2028-02-29')).toBe('2029-02-28');
    expect(nextTermEnd('2026-01-01', '2026-12-31')).toBe('2027-12-31');
  });

  it('renews whole months for as many months, a month end kept within the shorter month', () => {
    expect(nextTermEnd('2026-01-01', '2026-06-30')).toBe('2026-12-31');
    expect(nextTermEnd('2026-01-31', '2026-02-27')).toBe('2026-03-27');
  });

  it('renews any other term for as many days', () => {
    expect(nextTermEnd('2026-01-01', '2026-01-10')).toBe('2026-01-20');
    expect(nextTermEnd('2026-01-05', '2026-03-01')).toBe('2026-04-26');
  });
});
