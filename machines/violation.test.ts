import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextViolationStatus, type ViolationStatus, violationActions, violationEventTypes, violationMachine } from './violation';

const noPhoto = { hasFixPhoto: false };
const photo = { hasFixPhoto: true };

describe('violation machine', () => {
  it('staff issue a draft; the renter acknowledges, disputes or fixes it', () => {
    expect(nextViolationStatus('draft', noPhoto, 'violation.issue', 'staff')).toBe('issued');
    expect(nextViolationStatus('draft', noPhoto, 'violation.issue', 'renter')).toBeNull();
    expect(nextViolationStatus('issued', noPhoto, 'violation.acknowledge', 'renter')).toBe('acknowledged');
    expect(nextViolationStatus('issued', noPhoto, 'violation.acknowledge', 'staff')).toBeNull();
    expect(nextViolationStatus('issued', noPhoto, 'violation.dispute', 'renter')).toBe('disputed');
    expect(nextViolationStatus('acknowledged', noPhoto, 'violation.dispute', 'renter')).toBeNull();
  });
  it('a dispute is upheld (cancelled) or rejected (it stands, acknowledged)', () => {
    expect(nextViolationStatus('disputed', noPhoto, 'violation.uphold', 'staff')).toBe('cancelled');
    expect(nextViolationStatus('disputed', noPhoto, 'violation.reject', 'staff')).toBe('acknowledged');
    expect(nextViolationStatus('disputed', noPhoto, 'violation.reject', 'renter')).toBeNull();
  });
  it('fixed needs a photo; staff confirm or return it', () => {
    expect(nextViolationStatus('acknowledged', noPhoto, 'violation.fix', 'renter')).toBeNull();
    expect(nextViolationStatus('acknowledged', photo, 'violation.fix', 'renter')).toBe('fixed');
    expect(nextViolationStatus('issued', photo, 'violation.fix', 'renter')).toBe('fixed');
    expect(nextViolationStatus('fixed', photo, 'violation.confirm', 'staff')).toBe('closed');
    expect(nextViolationStatus('fixed', photo, 'violation.return', 'staff')).toBe('acknowledged');
    expect(nextViolationStatus('fixed', photo, 'violation.confirm', 'renter')).toBeNull();
  });
  it('offers each side exactly its buttons; closed and cancelled are final', () => {
    expect(violationActions('draft', noPhoto, 'staff')).toEqual(['violation.issue']);
    expect(violationActions('draft', noPhoto, 'renter')).toEqual([]);
    expect(violationActions('issued', noPhoto, 'renter')).toEqual(['violation.acknowledge', 'violation.dispute']);
    expect(violationActions('issued', photo, 'renter')).toEqual(['violation.acknowledge', 'violation.dispute', 'violation.fix']);
    expect(violationActions('disputed', noPhoto, 'staff')).toEqual(['violation.uphold', 'violation.reject']);
    for (const status of ['closed', 'cancelled'] as ViolationStatus[]) {
      for (const by of ['staff', 'renter'] as const) expect(violationActions(status, photo, by)).toEqual([]);
    }
  });
});

describe('violation machine paths', () => {
  const events = (['staff', 'renter'] as const).flatMap((by) => violationEventTypes.map((type) => ({ type, by })));
  const result = coverMachine('violation', violationMachine, { events, input: photo });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(violationMachine, path, photo);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    let status: ViolationStatus = 'draft';
    for (const e of path.events) status = nextViolationStatus(status, photo, e.type as 'violation.issue', e.by as 'staff') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
