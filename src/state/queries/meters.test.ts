import { describe, expect, it } from 'vitest';
import { paths } from '#/shared/paths';
import { meterFilterOf, readingFilterOf } from './meters';

describe('the meters’ lists keep their filters in the address', () => {
  it('sends the register’s property, unit, type and the removed switch; drops what the contract does not know', () => {
    expect(meterFilterOf({ extra: { object_id: 'o1', room_id: 'r1', type: 'cold_water', removed: '1' } })).toEqual({
      object_id: 'o1',
      room_id: 'r1',
      type: 'cold_water',
      removed: true,
    });
    expect(meterFilterOf({ extra: { type: 'steam', removed: '' } })).toEqual({ object_id: undefined, room_id: undefined, type: undefined, removed: undefined });
  });

  it('sends the sheet’s month as its first day, and the status, flagged and missing switches', () => {
    expect(readingFilterOf({ extra: { month: '2026-11', status: 'returned', flagged: '1', missing: '1', type: 'heat', object_id: 'o1' } })).toEqual({
      period: '2026-11-01',
      object_id: 'o1',
      type: 'heat',
      status: 'returned',
      flagged: true,
      missing: true,
    });
    expect(readingFilterOf({ extra: { month: '2026-13', status: 'lost' } })).toMatchObject({ period: undefined, status: undefined, flagged: undefined });
  });

  it('links the register narrowed to a property or a unit, and the tenant’s form with its meter picked', () => {
    expect(paths.meters.of({ objectId: 'o1' })).toBe('/meters?object_id=o1');
    expect(paths.meters.of({ objectId: 'o1', roomId: 'r 2' })).toBe('/meters?object_id=o1&room_id=r+2');
    expect(paths.meters.submitFor('m1')).toBe('/meters/submit?meter_id=m1');
  });
});
