import type { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { formatDateTime } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { streamXlsx } from '../../http/xlsx-stream';
import { type RequestFilter, requestBatch, toListItem } from './queries';

const BATCH = 1000;

/**
 * The journal as filtered, newest first, as .xlsx (http/xlsx-stream.ts: keyset batches, the first read
 * before answering). Times are Almaty's, as the journal shows them.
 */
export function exportRequestsXlsx(db: Db, scope: SQL | undefined, filter: RequestFilter, ll: LL, locale: Locales): Promise<PassThrough> {
  const t = ll.requests.export;
  const yesNo = (v: boolean) => (v ? t.yes() : t.no());
  return streamXlsx({
    name: t.sheet(),
    columns: [
      { header: t.number(), key: 'number', width: 8 },
      { header: t.type(), key: 'type', width: 28 },
      { header: t.object_type(), key: 'object_type', width: 20 },
      { header: t.object(), key: 'object', width: 24 },
      { header: t.landlord(), key: 'landlord', width: 24 },
      { header: t.legal_name(), key: 'legal_name', width: 24 },
      { header: t.trade_point(), key: 'trade_point', width: 20 },
      { header: t.applicant(), key: 'applicant', width: 24 },
      { header: t.phone(), key: 'phone', width: 16 },
      { header: t.created_at(), key: 'created_at', width: 18 },
      { header: t.status(), key: 'status', width: 16 },
      { header: t.deadline_at(), key: 'deadline_at', width: 18 },
      { header: t.overdue(), key: 'overdue', width: 12 },
      { header: t.assignee(), key: 'assignee', width: 24 },
      { header: t.from_visitor(), key: 'from_visitor', width: 14 },
    ],
    batchSize: BATCH,
    batch: (after: Parameters<typeof requestBatch>[3]) => requestBatch(db, scope, filter, after, BATCH),
    keyOf: (row) => ({ createdAt: row.request.createdAt, id: row.request.id }),
    cells: (row) => {
      const r = toListItem(row, locale);
      return {
        number: r.number,
        type: r.type.name,
        object_type: r.object_type,
        object: r.object.name,
        landlord: r.landlord_name,
        legal_name: r.legal_name,
        trade_point: r.trade_point,
        applicant: r.applicant_name,
        phone: r.applicant_phone,
        created_at: formatDateTime(row.request.createdAt.toISOString(), locale),
        status: ll.requests.statuses[r.status](),
        deadline_at: formatDateTime(row.request.deadlineAt.toISOString(), locale),
        overdue: yesNo(r.overdue),
        assignee: r.assignee?.name ?? '',
        from_visitor: yesNo(r.from_visitor),
      };
    },
  });
}
