import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextRecordStatus, recordActions, recordMachine } from './record';

describe('record machine', () => {
  it('deletes an active record and restores a deleted one', () => {
    expect(nextRecordStatus('active', 'record.delete')).toBe('deleted');
    expect(nextRecordStatus('deleted', 'record.restore')).toBe('active');
  });
  it('refuses deleting twice and restoring an active record', () => {
    expect(nextRecordStatus('deleted', 'record.delete')).toBeNull();
    expect(nextRecordStatus('active', 'record.restore')).toBeNull();
  });
  it('offers exactly the actions of the status', () => {
    expect(recordActions('active')).toEqual(['record.delete']);
    expect(recordActions('deleted')).toEqual(['record.restore']);
  });
});

describe('record machine paths', () => {
  const result = coverMachine('record', recordMachine);
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(recordMachine, path);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    // The pure helper the server uses agrees with the actor at every step.
    let status: 'active' | 'deleted' = 'active';
    for (const event of path.events) status = nextRecordStatus(status, event.type as 'record.delete') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
