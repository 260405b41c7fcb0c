import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Harness } from './api-harness';

/** An export as a user downloads it (a body: POST, else GET), opened by exceljs's reader. */
export async function downloadBook(h: Harness, token: string, apiPath: string, body?: unknown, lang = 'ru') {
  const res = await fetch(`${h.baseUrl}/api${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`${apiPath}: ${res.status} ${await res.text()}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book;
}

/**
 * What every export is, sheet by sheet: the header row frozen, filtered and bold in a named font,
 * printed on A4 fitted to the page's width with the header on every page; the sheet named by its
 * title, shortened to Excel's 31 characters only between words.
 */
export function expectSpreadsheet(book: ExcelJS.Workbook, titles: string[]) {
  expect(book.worksheets.map((ws) => ws.name)).toHaveLength(titles.length);
  book.worksheets.forEach((ws, i) => {
    const [view] = ws.views;
    expect(view).toMatchObject({ state: 'frozen' });
    const header = (view as { ySplit: number }).ySplit;
    expect(header).toBeGreaterThanOrEqual(1);
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.pageSetup).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9, printTitlesRow: `1:${header}` });
    expect(ws.getRow(header).getCell(1).font).toMatchObject({ bold: true, name: 'Calibri' });
    expect(ws.name.length).toBeLessThanOrEqual(31);
    const title = titles[i] as string;
    expect(title.startsWith(ws.name), `${ws.name} is not the start of ${title}`).toBe(true);
    expect(title.slice(ws.name.length), `${ws.name} cuts ${title} mid-word`).toMatch(/^$|^[\s,.;—–-]/);
  });
}

/** A day 'YYYY-MM-DD' or an instant's wall time 'YYYY-MM-DDTHH:mm:ss.sss': a Date (Almaty's wall clock as its UTC fields) with a date format. */
export function expectDate(cell: ExcelJS.Cell, wall: string) {
  expect(cell.value).toEqual(new Date(wall.includes('T') ? `${wall}Z` : `${wall}T00:00:00Z`));
  expect(cell.numFmt).toBe(wall.includes('T') ? 'dd.mm.yyyy hh:mm' : 'dd.mm.yyyy');
}

/** An amount of tenge: a number, its thousands grouped. */
export function expectMoney(cell: ExcelJS.Cell, value: number) {
  expect(cell.value).toBe(value);
  expect(cell.numFmt).toMatch(/#,##0\.00.*₸/);
}
