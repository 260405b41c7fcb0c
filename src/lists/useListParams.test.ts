import { expect, it } from 'vitest';
import { periodQuery } from './useListParams';

it('the period filters go to the contract as from, to and overdue, left out when empty', () => {
  expect(periodQuery({ extra: { from: '2026-11-01', to: '2026-11-30', overdue: '1', status: 'new' } })).toEqual({
    from: '2026-11-01',
    to: '2026-11-30',
    overdue: true,
  });
  expect(periodQuery({ extra: { from: '', overdue: '0' } })).toEqual({ from: undefined, to: undefined, overdue: undefined });
  expect(periodQuery({})).toEqual({ from: undefined, to: undefined, overdue: undefined });
});
