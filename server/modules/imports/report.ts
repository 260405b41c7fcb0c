import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type ReportInput = { sheet: string; headers: string[]; rows: string[][] };

/**
 * The error report, on a worker thread: the uploaded rows in the template's columns, as text, with the
 * errors column last; streamed by exceljs's WorkbookWriter, so a file of 100,000 rows is not a workbook
 * held in memory.
 */
export async function writeImportReport(input: ReportInput): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ws = book.addWorksheet(input.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = input.headers.map((_, i) => ({ width: i === input.headers.length - 1 ? 60 : 20, style: { numFmt: '@' } }));
  const head = ws.addRow(input.headers);
  head.font = { bold: true };
  head.commit();
  for (const cells of input.rows) {
    const row = ws.addRow(cells);
    const errors = cells.at(-1);
    if (errors) row.getCell(cells.length).font = { color: { argb: 'FFC00000' } };
    row.commit();
  }
  ws.commit();
  await book.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
