import { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { type RequestFilter, requestBatch, toListItem } from './queries';

const BATCH = 1000;
const almaty = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty', dateStyle: 'short', timeStyle: 'short' });

/**
 * The journal as filtered, newest first, as .xlsx written row by row to a stream (like the
 * employees export): keyset batches keep memory flat. Times are Almaty's, as the journal shows them.
 */
export function exportRequestsXlsx(db: Db, scope: SQL | undefined, filter: RequestFilter, ll: LL, locale: Locales): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const t = ll.requests.export;
  const sheet = workbook.addWorksheet(t.sheet());
  sheet.columns = [
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
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const yesNo = (v: boolean) => (v ? t.yes() : t.no());

  void (async () => {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await requestBatch(db, scope, filter, after, BATCH);
      for (const row of rows) {
        const r = toListItem(row, locale);
        sheet
          .addRow({
            number: r.number,
            type: r.type.name,
            object_type: r.object_type,
            object: r.object.name,
            landlord: r.landlord_name,
            legal_name: r.legal_name,
            trade_point: r.trade_point,
            applicant: r.applicant_name,
            phone: r.applicant_phone,
            created_at: almaty.format(row.request.createdAt),
            status: ll.requests.statuses[r.status](),
            deadline_at: almaty.format(row.request.deadlineAt),
            overdue: yesNo(r.overdue),
            assignee: r.assignee?.name ?? '',
            from_visitor: yesNo(r.from_visitor),
          })
          .commit();
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = { createdAt: last.request.createdAt, id: last.request.id };
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
