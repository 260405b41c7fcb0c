import type { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { streamXlsx } from '../../http/xlsx-stream';
import { toListItem, type ViolationFilter, violationBatch } from './queries';

const BATCH = 1000;

/** The violations as filtered, newest first, as .xlsx (keyset batches). Times are Almaty's, the fine a number of tenge (xlsx-stream.ts). */
export function exportViolationsXlsx(db: Db, scope: SQL | undefined, filter: ViolationFilter, ll: LL, locale: Locales): Promise<PassThrough> {
  const t = ll.violations.export;
  return streamXlsx({
    name: t.sheet(),
    columns: [
      { header: t.number(), width: 8, kind: 'integer' },
      { header: t.type(), width: 28 },
      { header: t.renter(), width: 24 },
      { header: t.legal_name(), width: 24 },
      { header: t.object(), width: 24 },
      { header: t.room(), width: 10 },
      { header: t.occurred_at(), width: 18, kind: 'datetime' },
      { header: t.description(), width: 40 },
      { header: t.fine(), width: 14, kind: 'money' },
      { header: t.deadline_at(), width: 18, kind: 'datetime' },
      { header: t.status(), width: 16 },
      { header: t.overdue(), width: 12 },
      { header: t.recorded_by(), width: 24 },
    ],
    batchSize: BATCH,
    batch: (after: Parameters<typeof violationBatch>[3]) => violationBatch(db, scope, filter, after, BATCH),
    keyOf: (row) => ({ at: row.violation.occurredAt, id: row.violation.id }),
    cells: (row) => {
      const v = toListItem(row, locale);
      return [
        v.number,
        v.type.name,
        v.renter.name,
        v.renter.legal_name,
        v.object.name,
        v.room?.number,
        row.violation.occurredAt,
        row.violation.description,
        // The exact numeric as stored, a number only for its cell.
        v.fine,
        row.violation.deadlineAt,
        ll.violations.statuses[v.status](),
        v.overdue ? t.yes() : t.no(),
        v.recorded_by.name,
      ];
    },
  });
}
