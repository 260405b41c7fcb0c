import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type XlsxColumn = { header: string; key: string; width: number };

type Sheet<R, K> = {
  name: string;
  columns: XlsxColumn[];
  /** One keyset batch after `after` (null: the first). */
  batch: (after: K | null) => Promise<R[]>;
  /** The keyset position of a row, where the next batch starts. */
  keyOf: (row: R) => K;
  cells: (row: R) => Record<string, unknown>;
  batchSize: number;
};

/**
 * A list as .xlsx written row by row to a stream: exceljs's streaming writer and keyset batches keep
 * memory flat however many rows there are. The first batch is read before the stream is handed back,
 * so a query the database refuses is an error answer, never a 200 with a broken file; a failure later
 * ends the download as failed rather than as a short file.
 */
export async function streamXlsx<R, K>(sheet: Sheet<R, K>): Promise<PassThrough> {
  const first = await sheet.batch(null);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = workbook.addWorksheet(sheet.name);
  ws.columns = sheet.columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    for (let rows = first; ; ) {
      for (const row of rows) ws.addRow(sheet.cells(row)).commit();
      const last = rows.at(-1);
      if (!last || rows.length < sheet.batchSize) break;
      rows = await sheet.batch(sheet.keyOf(last));
    }
    ws.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as a download named `<name>.xlsx`. */
export function sendXlsx(reply: FastifyReply, body: Readable, name: string): FastifyReply {
  return reply.header('Content-Type', XLSX).header('Content-Disposition', `attachment; filename="${name}.xlsx"`).send(body);
}
