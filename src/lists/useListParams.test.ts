import { expect, it } from 'vitest';
import { addressWith, periodQuery, recordFilterOf } from './useListParams';

it('the period filters go to the contract as from, to and overdue, left out when empty', () => {
  expect(periodQuery({ extra: { from: '2026-11-01', to: '2026-11-30', overdue: '1', status: 'new' } })).toEqual({
    from: '2026-11-01',
    to: '2026-11-30',
    overdue: true,
  });
  expect(periodQuery({ extra: { from: '', overdue: '0' } })).toEqual({ from: undefined, to: undefined, overdue: undefined });
  expect(periodQuery({})).toEqual({ from: undefined, to: undefined, overdue: undefined });
});

it('changes only the keys it is given in an address: a value sets one, an empty one removes it', () => {
  expect(addressWith('/reports', 'report=tasks&period=week', { period: 'custom', from: '2026-11-01', report: '' })).toBe(
    '/reports?period=custom&from=2026-11-01',
  );
  expect(addressWith('/calendar', 'event=1', { event: null })).toBe('/calendar');
  expect(addressWith('/contracts/rent-roll', '', { object: 'a b' })).toBe('/contracts/rent-roll?object=a+b');
});

it("reads a register's filters from the address, dropping a status the register does not have", () => {
  const params = {
    page: 1,
    limit: 20,
    search: 'кран',
    status: 'active' as const,
    sort: '',
    extra: { status: 'new', type_id: 't', object_id: '', overdue: '1' },
  };
  expect(recordFilterOf(params, ['new', 'closed'])).toEqual({
    search: 'кран',
    status: 'new',
    type_id: 't',
    object_id: undefined,
    from: undefined,
    to: undefined,
    overdue: true,
  });
  expect(recordFilterOf({ ...params, extra: { status: 'draft' } }, ['new']).status).toBeUndefined();
});
