import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { type ContractStatus, contractActions, contractMachine, nextContractStatus } from './contract';

describe('contract machine', () => {
  it('lets staff activate a draft and end a signed lease early', () => {
    expect(nextContractStatus('draft', 'contract.activate', 'staff')).toBe('active');
    expect(nextContractStatus('draft', 'contract.activate', 'system')).toBeNull();
    expect(nextContractStatus('active', 'contract.terminate', 'staff')).toBe('terminated');
    expect(nextContractStatus('expiring', 'contract.terminate', 'staff')).toBe('terminated');
    expect(nextContractStatus('draft', 'contract.terminate', 'staff')).toBeNull();
  });
  it('leaves the passing of time to the system', () => {
    expect(nextContractStatus('active', 'contract.warn', 'system')).toBe('expiring');
    expect(nextContractStatus('active', 'contract.warn', 'staff')).toBeNull();
    expect(nextContractStatus('active', 'contract.expire', 'system')).toBe('expired');
    expect(nextContractStatus('expiring', 'contract.expire', 'system')).toBe('expired');
    expect(nextContractStatus('expiring', 'contract.warn', 'system')).toBeNull();
    expect(nextContractStatus('expired', 'contract.terminate', 'staff')).toBeNull();
    expect(nextContractStatus('terminated', 'contract.expire', 'system')).toBeNull();
  });
  it('offers staff exactly its buttons', () => {
    expect(contractActions('draft', 'staff')).toEqual(['contract.activate']);
    expect(contractActions('active', 'staff')).toEqual(['contract.terminate']);
    expect(contractActions('expiring', 'staff')).toEqual(['contract.terminate']);
    expect(contractActions('expired', 'staff')).toEqual([]);
    expect(contractActions('terminated', 'staff')).toEqual([]);
    expect(contractActions('active', 'system')).toEqual(['contract.warn', 'contract.expire']);
  });
});

describe('contract machine paths', () => {
  const events = (['staff', 'system'] as const).flatMap((by) =>
    ['contract.activate', 'contract.warn', 'contract.expire', 'contract.terminate'].map((type) => ({ type, by })),
  );
  const result = coverMachine('contract', contractMachine, { events });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(contractMachine, path);
    let status: ContractStatus = 'draft';
    for (const e of path.events) status = nextContractStatus(status, e.type as 'contract.activate', e.by as 'staff') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
