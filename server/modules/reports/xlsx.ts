import type { PassThrough } from 'node:stream';
import { formatDay } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { components } from '../../../src/api/schema';
import type { LL } from '../../http/i18n';
import { type XlsxKind, xlsxBook } from '../../http/xlsx-stream';

type Report = components['schemas']['Report'];
type Unit = components['schemas']['ReportFigure']['unit'];

const kindOf = (unit: Unit | undefined): XlsxKind => (unit === 'money' ? 'money' : !unit || unit === 'count' ? 'integer' : 'decimal');
/** A table's first column: its days or months as Excel dates when it is a table over time, else names. */
const labelKind = (labels: string[]): XlsxKind =>
  labels.length === 0 ? 'text' : labels.every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l)) ? 'date' : labels.every((l) => /^\d{4}-\d{2}$/.test(l)) ? 'month' : 'text';

/**
 * A report as .xlsx: the key figures on the first sheet, then one sheet per table with its rows and a
 * totals row. A report is a few hundred aggregated rows at most, so it is written in one go.
 */
export function reportXlsx(report: Report, ll: LL, locale: Locales): PassThrough {
  const t = ll.reports;
  const book = xlsxBook();
  const head = book.sheet({
    name: t.figures(),
    columns: [
      { header: t.names[report.name](), width: 40 },
      { header: `${formatDay(report.from, locale)} — ${formatDay(report.to, locale)}`, width: 24 },
    ],
  });
  for (const f of report.figures) head.row([f.label, { kind: kindOf(f.unit), value: f.value }]);
  head.commit();
  report.tables.forEach((table, i) => {
    const ws = book.sheet({
      name: `${i + 1}. ${table.title}`,
      columns: [
        { header: table.label, width: 32, kind: labelKind(table.rows.map((r) => r.label)) },
        ...table.columns.map((c) => ({ header: c.label, width: 16, kind: kindOf(c.unit) })),
      ],
    });
    for (const row of table.rows) ws.row([row.label, ...row.values]);
    ws.row([t.total(), ...table.totals], { bold: true });
    ws.commit();
  });
  return book.close();
}
