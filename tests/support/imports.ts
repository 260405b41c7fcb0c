import ExcelJS from 'exceljs';
import type { Harness } from './api-harness';

type Answer = { status: number; body: any; bytes: Buffer; headers: Headers };

/** POST /imports as the SPA sends it: the entity and one file, multipart. */
export async function uploadImport(h: Harness, token: string, entity: string, data: Buffer, name: string, lang = 'ru'): Promise<Answer> {
  const form = new FormData();
  form.append('entity', entity);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${h.baseUrl}/api/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return answer(res);
}

async function answer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.includes('json');
  return { status: res.status, body: json && bytes.length ? JSON.parse(bytes.toString('utf8')) : null, bytes, headers: res.headers };
}

/** Any call of the import kit, its answer's bytes kept (templates, reports, files). */
export async function callImports(h: Harness, token: string, path: string, opts: { method?: string; lang?: string } = {}): Promise<Answer> {
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    method: opts.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'accept-language': opts.lang ?? 'ru' },
  });
  return answer(res);
}

export async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** The template filled as a person would: its rows from the third (the example stays in the second). */
export async function fillTemplate(template: Buffer, rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = await readBook(template);
  const ws = book.worksheets[0];
  if (!ws) throw new Error('template without a sheet');
  rows.forEach((cells, i) => {
    cells.forEach((value, c) => {
      ws.getCell(i + 3, c + 1).value = value;
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A workbook of one sheet with these rows (the first is the header); `setup` shapes it further. */
export async function sheetOf(rows: ExcelJS.CellValue[][], setup?: (book: ExcelJS.Workbook, ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('data');
  for (const r of rows) ws.addRow(r);
  setup?.(book, ws);
  return Buffer.from(await book.xlsx.writeBuffer());
}
