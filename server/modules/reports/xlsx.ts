import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatBucket, formatDay } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { components } from '../../../src/api/schema';
import type { LL } from '../../http/i18n';

type Report = components['schemas']['Report'];

/**
 * A report as .xlsx: the key figures on the first sheet, then one sheet per table with its rows and a
 * totals row. A report is a few hundred aggregated rows at most, so it is written in one go.
 */
export function reportXlsx(report: Report, ll: LL, locale: Locales): PassThrough {
  const t = ll.reports;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheetName = (title: string, i: number) => `${i + 1}. ${title}`.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31);
  const head = workbook.addWorksheet(sheetName(t.figures(), -1).slice(3));
  head.columns = [
    { header: t.names[report.name](), key: 'label', width: 40 },
    { header: `${formatDay(report.from, locale)} — ${formatDay(report.to, locale)}`, key: 'value', width: 24 },
  ];
  head.getRow(1).font = { bold: true };
  head.getRow(1).commit();
  for (const f of report.figures) head.addRow({ label: f.label, value: f.value }).commit();
  head.commit();
  report.tables.forEach((table, i) => {
    const ws = workbook.addWorksheet(sheetName(table.title, i));
    ws.columns = [{ header: table.label, key: 'label', width: 32 }, ...table.columns.map((c, j) => ({ header: c.label, key: `c${j}`, width: 16 }))];
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    const cells = (label: string, values: (number | null)[]) => Object.fromEntries([['label', label], ...values.map((v, j) => [`c${j}`, v])]);
    for (const row of table.rows) ws.addRow(cells(formatBucket(row.label, locale), row.values)).commit();
    const totals = ws.addRow(cells(t.total(), table.totals));
    totals.font = { bold: true };
    totals.commit();
    ws.commit();
  });
  void workbook.commit().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
