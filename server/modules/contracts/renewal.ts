import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { contractEvents, contractFiles, contracts } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ContractViewer } from './access';

/**
 * Deletes the lease's renewal draft in the termination's transaction: its rooms, history and file rows
 * go with it, and the lease's history names it. A draft has never been signed, so nothing of it needs
 * keeping; the contract machine has no cancelled state (one would need a new status in the database).
 * A renewal signed meanwhile is refused (409), which undoes the termination too: the user chose on
 * the premise that it was a draft. Returns the stored files' keys, removed after the commit.
 */
export async function deleteRenewalDraft(tx: Db | Tx, viewer: ContractViewer, leaseId: string, terminatedAt: Date): Promise<string[]> {
  const [draft] = await tx
    .select({ id: contracts.id, number: contracts.number, status: contracts.status })
    .from(contracts)
    .where(eq(contracts.previousId, leaseId))
    .for('update');
  if (!draft) return [];
  if (draft.status !== 'draft') throw new AppError(409, 'invalid_state');
  const files = await tx.delete(contractFiles).where(eq(contractFiles.contractId, draft.id)).returning({ key: contractFiles.key });
  await tx.delete(contractEvents).where(eq(contractEvents.contractId, draft.id));
  // The rooms go on delete cascade.
  await tx.delete(contracts).where(and(eq(contracts.id, draft.id), eq(contracts.status, 'draft')));
  await tx.insert(contractEvents).values({
    contractId: leaseId,
    actorUserId: viewer.user.id,
    actorName: viewer.name,
    event: 'contract.renewal_deleted',
    comment: draft.number,
    // Just after the termination's entry, so the history reads in order.
    createdAt: new Date(terminatedAt.getTime() + 1),
  });
  return files.map((f) => f.key);
}
