import { nextViolationStatus, type ViolationActor, type ViolationContext, type ViolationEventType, violationActions } from '../../../machines/violation';
import { violationEvents, violationFiles, violations } from '../../db/schema';
import type { Workflow } from '../../workflow/workflow';
import { postViolationFine } from '../billing/charges';
import { sidesOn, type ViolationViewer } from './access';
import { violationTransitioned } from './notices';
import type { ViolationRow } from './queries';

export const MAX_FILES_PER_KIND = 10;

export const contextOf = (row: Pick<ViolationRow, 'hasFixPhoto'>): ViolationContext => ({ hasFixPhoto: Boolean(row.hasFixPhoto) });

/** Violations on the workflow kit: machines/violation.ts, its history and files, and who plays which side (access.ts). */
export const violationWorkflow: Workflow<ViolationRow, ViolationEventType, ViolationActor, ViolationViewer> = {
  name: 'violation',
  record: violations,
  keyOf: (row) => ({ id: row.violation.id, status: row.violation.status }),
  history: { table: violationEvents, recordKey: 'violationId' },
  // The limit counts one kind (files.ts narrows the count).
  files: { table: violationFiles, recordKey: 'violationId', recordId: violationFiles.violationId, prefix: 'violations', maxFiles: MAX_FILES_PER_KIND },
  actors: ['staff', 'renter'],
  next(row, event, by) {
    const status = nextViolationStatus(row.violation.status, contextOf(row), event, by);
    return status && { status };
  },
  events: (row, by) => violationActions(row.violation.status, contextOf(row), by),
  sidesOf: (viewer, row) => sidesOn(viewer, row.violation),
  needsComment: ['violation.dispute', 'violation.reject', 'violation.return'],
  // A fine goes on the tenant's account when issued and comes off when cancelled, in the same transaction.
  apply: (tx, row, change) => postViolationFine(tx, row.violation, change.to, change.actor),
  notify: (tx, row, change) => violationTransitioned(tx, row, change),
};
