import type { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { formatDateTime } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { streamXlsx } from '../../http/xlsx-stream';
import { toListItem, type ViolationFilter, violationBatch } from './queries';

const BATCH = 1000;

/** The violations as filtered, newest first, as .xlsx (keyset batches). Times are Almaty's; the fine exact, as stored. */
export function exportViolationsXlsx(db: Db, scope: SQL | undefined, filter: ViolationFilter, ll: LL, locale: Locales): Promise<PassThrough> {
  const t = ll.violations.export;
  return streamXlsx({
    name: t.sheet(),
    columns: [
      { header: t.number(), key: 'number', width: 8 },
      { header: t.type(), key: 'type', width: 28 },
      { header: t.renter(), key: 'renter', width: 24 },
      { header: t.legal_name(), key: 'legal_name', width: 24 },
      { header: t.object(), key: 'object', width: 24 },
      { header: t.room(), key: 'room', width: 10 },
      { header: t.occurred_at(), key: 'occurred_at', width: 18 },
      { header: t.description(), key: 'description', width: 40 },
      { header: t.fine(), key: 'fine', width: 14 },
      { header: t.deadline_at(), key: 'deadline_at', width: 18 },
      { header: t.status(), key: 'status', width: 16 },
      { header: t.overdue(), key: 'overdue', width: 12 },
      { header: t.recorded_by(), key: 'recorded_by', width: 24 },
    ],
    batchSize: BATCH,
    batch: (after: Parameters<typeof violationBatch>[3]) => violationBatch(db, scope, filter, after, BATCH),
    keyOf: (row) => ({ at: row.violation.occurredAt, id: row.violation.id }),
    cells: (row) => {
      const v = toListItem(row, locale);
      return {
        number: v.number,
        type: v.type.name,
        renter: v.renter.name,
        legal_name: v.renter.legal_name,
        object: v.object.name,
        room: v.room?.number ?? '',
        occurred_at: formatDateTime(row.violation.occurredAt.toISOString(), locale),
        description: row.violation.description,
        // The exact numeric as written, never through a float.
        fine: v.fine ?? '',
        deadline_at: row.violation.deadlineAt ? formatDateTime(row.violation.deadlineAt.toISOString(), locale) : '',
        status: ll.violations.statuses[v.status](),
        overdue: v.overdue ? t.yes() : t.no(),
        recorded_by: v.recorded_by.name,
      };
    },
  });
}
