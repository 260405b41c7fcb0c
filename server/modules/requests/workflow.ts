import { nextRequestStatus, type RequestActor, type RequestContext, type RequestEventType, requestActions } from '../../../machines/request';
import { requestEvents, requestFiles, requests } from '../../db/schema';
import type { Workflow } from '../../workflow/workflow';
import { actorOn, levelCovers, type Viewer } from './access';
import { requestTransitioned } from './notices';
import type { JournalRow } from './queries';

export const MAX_FILES_PER_KIND = 10;

/**
 * The machine's context for a stored request. `fromVisitor` means "no applicant account answers for
 * it": a visitor's request, and also one staff filed with no renter — staff confirms both.
 */
export function contextOf(row: Pick<JournalRow, 'request' | 'hasReport'>): RequestContext {
  return { hasPhotoReport: Boolean(row.hasReport), fromVisitor: row.request.fromVisitor || !row.request.renterId };
}

const sides = (viewer: Viewer, row: JournalRow): RequestActor[] => {
  const by = actorOn(viewer, row.request);
  return by ? [by] : [];
};

/** Requests on the workflow kit: machines/request.ts, its history and files, the caller's role and level (access.ts). */
export const requestWorkflow: Workflow<JournalRow, RequestEventType, RequestActor, Viewer> = {
  name: 'request',
  record: requests,
  keyOf: (row) => ({ id: row.request.id, status: row.request.status }),
  history: { table: requestEvents, recordKey: 'requestId' },
  // The limit counts one kind (photos, or photos of the report): files.ts narrows the count.
  files: {
    table: requestFiles,
    recordKey: 'requestId',
    recordId: requestFiles.requestId,
    prefix: 'requests',
    maxFiles: MAX_FILES_PER_KIND,
  },
  actors: ['staff', 'applicant'],
  next(row, event, by) {
    const status = nextRequestStatus(row.request.status, contextOf(row), event, by);
    return status && { status };
  },
  events: (row, by) => requestActions(row.request.status, contextOf(row), by),
  sidesOf: sides,
  permits: levelCovers,
  needsComment: ['request.reject', 'request.return'],
  notify: (tx, row, change) => requestTransitioned(tx, row.request, change),
};
