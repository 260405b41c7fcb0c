import { and, eq } from 'drizzle-orm';
import { type ContractActor, type ContractEventType, contractActions, nextContractStatus } from '../../../machines/contract';
import { contractEvents, contractFiles, contractRooms, contracts } from '../../db/schema';
import type { Workflow } from '../../workflow/workflow';
import { type ContractViewer, sidesOn } from './access';

export const MAX_CONTRACT_FILES = 20;

type Contract = typeof contracts.$inferSelect;
export const contractHistory = { table: contractEvents, recordKey: 'contractId' };

/**
 * Leases on the workflow kit: machines/contract.ts, its history and files. Signing marks the rooms held
 * (the exclusion constraint then refuses an overlapping lease); a termination cuts their period at its date.
 */
export const contractWorkflow: Workflow<Contract, ContractEventType, ContractActor, ContractViewer> = {
  name: 'contract',
  record: contracts,
  keyOf: (c) => ({ id: c.id, status: c.status }),
  history: contractHistory,
  files: { table: contractFiles, recordKey: 'contractId', recordId: contractFiles.contractId, prefix: 'contracts', maxFiles: MAX_CONTRACT_FILES },
  actors: ['staff', 'system'],
  next(c, event, by) {
    const status = nextContractStatus(c.status, event, by);
    return status && { status };
  },
  events: (c, by) => contractActions(c.status, by),
  sidesOf: (viewer) => sidesOn(viewer),
  needsComment: ['contract.terminate'],
  async apply(tx, c, change) {
    if (change.event === 'contract.activate') {
      await tx.update(contractRooms).set({ held: true }).where(eq(contractRooms.contractId, c.id));
    }
    if (change.event === 'contract.terminate') {
      const endsOn = change.set.terminatedOn as string;
      await tx
        .update(contractRooms)
        .set({ endsOn })
        .where(and(eq(contractRooms.contractId, c.id)));
    }
  },
};
