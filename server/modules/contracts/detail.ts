import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { contractFiles, contracts } from '../../db/schema';
import type { LL } from '../../http/i18n';
import type { FileLinks } from '../../storage/file-links';
import { commentEvent } from '../../workflow/comments';
import { presentFiles } from '../../workflow/file-list';
import { presentHistory } from '../../workflow/history';
import { actionsOf } from '../../workflow/transition';
import { type ContractViewer, mayDo } from './access';
import { templateOf } from './document';
import { type ContractRow, roomsOf, toListItem } from './queries';
import { contractHistory, contractWorkflow } from './workflow';

export type ContractDetail = components['schemas']['ContractDetail'];

/**
 * The lease with its rooms, files (signed links: only this viewer, who sees the lease, gets them), history,
 * and what this caller may do now. The tenant reads it without the staff's notes and comments, and is not
 * pointed to a renewal still in draft.
 */
export async function presentContract(db: Db, links: FileLinks, viewer: ContractViewer, row: ContractRow, ll: LL): Promise<ContractDetail> {
  const c = row.contract;
  const tenant = viewer.kind === 'renter';
  const [rooms, files, history, [next], template] = await Promise.all([
    roomsOf(db, [c.id]),
    db.select().from(contractFiles).where(eq(contractFiles.contractId, c.id)).orderBy(asc(contractFiles.createdAt), asc(contractFiles.id)),
    // The lease job has no login: its entries are named in the reader's language.
    presentHistory(db, contractHistory, c.id, ll.tasks.system()),
    db.select({ id: contracts.id, status: contracts.status }).from(contracts).where(eq(contracts.previousId, c.id)),
    mayDo(viewer, 'update') ? templateOf(db, c.landlordId) : null,
  ]);
  const signed = c.status !== 'draft';
  return {
    ...toListItem(row, rooms),
    signed_on: c.signedOn,
    deposit: c.deposit,
    payment_day: c.paymentDay,
    indexation_percent: c.indexationPercent,
    service_rate: c.serviceRate,
    late_fee_percent: c.lateFeePercent,
    late_fee_cap: c.lateFeeCap,
    notes: tenant ? null : c.notes,
    terminated_on: c.terminatedOn,
    termination_reason: c.terminationReason,
    previous_id: c.previousId,
    next_id: next && !(tenant && next.status === 'draft') ? next.id : null,
    renewal_draft: !tenant && next?.status === 'draft',
    files: presentFiles(links, files),
    history: (tenant ? history.filter((e) => e.event !== commentEvent(contractWorkflow)) : history) as ContractDetail['history'],
    actions: actionsOf(contractWorkflow, viewer, c),
    can_edit: c.status === 'draft' && mayDo(viewer, 'update'),
    can_renew: signed && c.status !== 'terminated' && !next && mayDo(viewer, 'create'),
    can_add_files: mayDo(viewer, 'create'),
    can_generate: Boolean(template),
  };
}
