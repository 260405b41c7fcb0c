import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextReadingStatus, type ReadingStatus, readingActions, readingEventTypes, readingMachine } from './reading';

const open = { billed: false };
const billed = { billed: true };

describe('reading machine', () => {
  it('staff accept or return a submitted reading; the tenant resubmits', () => {
    expect(nextReadingStatus('submitted', open, 'reading.accept', 'staff')).toBe('accepted');
    expect(nextReadingStatus('submitted', open, 'reading.accept', 'renter')).toBeNull();
    expect(nextReadingStatus('submitted', open, 'reading.return', 'staff')).toBe('returned');
    expect(nextReadingStatus('submitted', open, 'reading.return', 'renter')).toBeNull();
    expect(nextReadingStatus('returned', open, 'reading.resubmit', 'renter')).toBe('submitted');
    expect(nextReadingStatus('returned', open, 'reading.resubmit', 'staff')).toBe('submitted');
    expect(nextReadingStatus('submitted', open, 'reading.resubmit', 'renter')).toBe('submitted');
    expect(nextReadingStatus('returned', open, 'reading.accept', 'staff')).toBeNull();
  });
  it('an accepted reading is corrected by staff only while no invoice carries it', () => {
    expect(nextReadingStatus('accepted', open, 'reading.correct', 'staff')).toBe('accepted');
    expect(nextReadingStatus('accepted', billed, 'reading.correct', 'staff')).toBeNull();
    expect(nextReadingStatus('accepted', open, 'reading.correct', 'renter')).toBeNull();
    expect(nextReadingStatus('accepted', open, 'reading.resubmit', 'renter')).toBeNull();
    expect(readingActions('submitted', open, 'staff')).toEqual(['reading.accept', 'reading.return', 'reading.resubmit']);
    expect(readingActions('submitted', open, 'renter')).toEqual(['reading.resubmit']);
    expect(readingActions('accepted', open, 'staff')).toEqual(['reading.correct']);
    expect(readingActions('accepted', billed, 'staff')).toEqual([]);
    expect(readingActions('accepted', open, 'renter')).toEqual([]);
  });
});

describe('reading machine paths', () => {
  const events = (['staff', 'renter'] as const).flatMap((by) => readingEventTypes.map((type) => ({ type, by })));
  const result = coverMachine('reading', readingMachine, { events, input: open });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(readingMachine, path, open);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    let status: ReadingStatus = 'submitted';
    for (const e of path.events) status = nextReadingStatus(status, open, e.type as 'reading.accept', e.by as 'staff') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
