import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { type ImportStatus, importActions, importEventTypes, importMachine, nextImportStatus } from './import';

const clean = { wrong: 0 };
const dirty = { wrong: 3 };

describe('import machine', () => {
  it('the system checks an uploaded file or gives up on it', () => {
    expect(nextImportStatus('uploaded', clean, 'import.check', 'system')).toBe('checked');
    expect(nextImportStatus('uploaded', clean, 'import.fail', 'system')).toBe('failed');
    expect(nextImportStatus('uploaded', clean, 'import.check', 'staff')).toBeNull();
    expect(nextImportStatus('checked', dirty, 'import.check', 'system')).toBe('checked');
  });
  it('staff commit a checked import only without wrong rows', () => {
    expect(nextImportStatus('checked', clean, 'import.commit', 'staff')).toBe('committed');
    expect(nextImportStatus('checked', dirty, 'import.commit', 'staff')).toBeNull();
    expect(nextImportStatus('uploaded', clean, 'import.commit', 'staff')).toBeNull();
    expect(nextImportStatus('checked', clean, 'import.commit', 'system')).toBeNull();
  });
  it('offers staff exactly its buttons; committed, failed and discarded are final', () => {
    expect(importActions('checked', clean, 'staff')).toEqual(['import.commit', 'import.discard']);
    expect(importActions('checked', dirty, 'staff')).toEqual(['import.discard']);
    expect(importActions('uploaded', clean, 'staff')).toEqual(['import.discard']);
    for (const status of ['committed', 'failed', 'discarded'] as ImportStatus[]) {
      for (const by of ['staff', 'system'] as const) expect(importActions(status, clean, by)).toEqual([]);
    }
  });
});

describe('import machine paths', () => {
  const events = (['staff', 'system'] as const).flatMap((by) => importEventTypes.map((type) => ({ type, by })));
  const result = coverMachine('import', importMachine, { events, input: clean });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(importMachine, path, clean);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    let status: ImportStatus = 'uploaded';
    for (const e of path.events) status = nextImportStatus(status, clean, e.type as 'import.check', e.by as 'staff') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
