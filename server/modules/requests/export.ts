import type { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { nameIn } from '../../http/names';
import { streamXlsx } from '../../http/xlsx-stream';
import { type RequestFilter, requestBatch } from './queries';

/** Rows per keyset batch: larger batches cost fewer round trips; each is written in slices (xlsx-stream.ts). */
export const REQUEST_EXPORT_BATCH = 500;

/**
 * The journal as filtered, newest first, as .xlsx (http/xlsx-stream.ts: keyset batches, the first read
 * before answering). Times are Almaty's, as the journal shows them, written as Excel dates.
 */
export function exportRequestsXlsx(db: Db, scope: SQL | undefined, filter: RequestFilter, ll: LL, locale: Locales): Promise<PassThrough> {
  const t = ll.requests.export;
  const yes = t.yes();
  const no = t.no();
  const statuses = ll.requests.statuses;
  const priorities = ll.sla.priorities;
  return streamXlsx({
    name: t.sheet(),
    columns: [
      { header: t.number(), width: 8, kind: 'integer' },
      { header: t.type(), width: 28 },
      { header: t.object_type(), width: 20 },
      { header: t.object(), width: 24 },
      { header: t.landlord(), width: 24 },
      { header: t.legal_name(), width: 24 },
      { header: t.trade_point(), width: 20 },
      { header: t.applicant(), width: 24 },
      { header: t.phone(), width: 16 },
      { header: t.created_at(), width: 18, kind: 'datetime' },
      { header: t.status(), width: 16 },
      { header: ll.sla.priority(), width: 14 },
      { header: ll.sla.takeDeadline(), width: 18, kind: 'datetime' },
      { header: t.deadline_at(), width: 18, kind: 'datetime' },
      { header: t.overdue(), width: 12 },
      { header: t.assignee(), width: 24 },
      { header: t.from_visitor(), width: 14 },
    ],
    batchSize: REQUEST_EXPORT_BATCH,
    batch: (after: Parameters<typeof requestBatch>[3]) => requestBatch(db, scope, filter, after, REQUEST_EXPORT_BATCH),
    keyOf: (row) => ({ createdAt: row.request.createdAt, id: row.request.id }),
    cells: (row) => {
      const r = row.request;
      return [
        r.number,
        nameIn(row.type, locale),
        row.objectType && nameIn(row.objectType, locale),
        row.objectName,
        row.landlordName,
        row.legalName,
        row.tradePoint,
        r.applicantName,
        r.applicantPhone,
        r.createdAt,
        statuses[r.status](),
        priorities[r.priority](),
        r.takeDeadlineAt,
        r.deadlineAt,
        row.overdue ? yes : no,
        r.assigneeEmployeeId ? row.employeeName : r.assigneeContractorId ? row.contractorName : null,
        r.fromVisitor ? yes : no,
      ];
    },
  });
}
