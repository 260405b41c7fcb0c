import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { type EmployeeFilter, employeeBatch } from './queries';

const BATCH = 1000;

/**
 * The list as filtered, as .xlsx, written row by row to a stream: exceljs's streaming writer and
 * keyset batches keep memory flat however many employees there are. The first batch is read before
 * the stream is handed back, so a query the database refuses is an error answer, not a 200 with a
 * broken file.
 */
export async function exportEmployeesXlsx(db: Db, filter: EmployeeFilter, ll: LL): Promise<PassThrough> {
  const first = await employeeBatch(db, filter, null, BATCH);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(ll.employees.title());
  const t = ll.employees.fields;
  sheet.columns = [
    { header: t.full_name(), key: 'full_name', width: 32 },
    { header: t.iin(), key: 'iin', width: 16 },
    { header: t.legal_name(), key: 'legal_name', width: 28 },
    { header: t.department(), key: 'department', width: 20 },
    { header: t.group(), key: 'group', width: 16 },
    { header: t.position(), key: 'position', width: 22 },
    { header: t.phone(), key: 'phone', width: 16 },
    { header: t.email(), key: 'email', width: 26 },
    { header: t.username(), key: 'username', width: 16 },
    { header: t.status(), key: 'status', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  void (async () => {
    let after: { name: string; id: string } | null = null;
    for (let rows = first; ; rows = await employeeBatch(db, filter, after, BATCH)) {
      for (const r of rows) {
        sheet
          .addRow({
            full_name: r.fullName,
            iin: r.iin,
            legal_name: r.legalName,
            department: r.department,
            group: r.group,
            position: r.position,
            phone: r.phone,
            email: r.email,
            username: r.username,
            status: ll.records[r.status](),
          })
          .commit();
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = { name: last.fullName, id: last.id };
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
