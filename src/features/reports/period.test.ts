import { describe, expect, it } from 'vitest';
import { rangeOf } from './period';

describe('report periods', () => {
  it('gives each preset its days', () => {
    const today = '2031-03-05'; // a Wednesday
    expect(rangeOf('week', today)).toEqual({ from: '2031-03-03', to: today });
    expect(rangeOf('month', today)).toEqual({ from: '2031-03-01', to: today });
    expect(rangeOf('lastMonth', today)).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(rangeOf('quarter', today)).toEqual({ from: '2031-01-01', to: today });
    expect(rangeOf('year', today)).toEqual({ from: '2031-01-01', to: today });
    expect(rangeOf('lastMonth', '2031-01-15')).toEqual({ from: '2030-12-01', to: '2030-12-31' });
  });
});
