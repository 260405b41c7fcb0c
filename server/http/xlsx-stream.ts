import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ALMATY_OFFSET_MS } from '#/shared/almaty';
import { MEDIA, sendDownload } from './download';

/**
 * What a column holds, typed once per column, so a spreadsheet sorts, sums and filters it: dates and
 * times are Excel dates on Almaty's wall clock, money and counts are numbers, each with its format.
 */
export type XlsxKind = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'month' | 'datetime';
export type XlsxColumn = { header: string; width: number; kind?: XlsxKind };
/**
 * A cell as the module has it: text; a number; a decimal string as stored ('340000.00', turned into a
 * number once, for the cell); a day 'YYYY-MM-DD', a month 'YYYY-MM' or an instant (a Date). A cell of
 * another kind than its column's (a sheet of figures in mixed units) says so.
 */
export type XlsxValue = string | number | Date | null | undefined | { kind: XlsxKind; value: string | number | Date | null };
type Options = { bold?: boolean };
/** The zip's entry stream (archiver's, of the readable-stream package: its state is not Node's getters). */
type Zip = NodeJS.EventEmitter & { _writableState?: { needDrain: boolean } };

const FORMATS: Record<XlsxKind, string | undefined> = {
  text: undefined,
  integer: '0',
  decimal: '#,##0.00',
  money: '#,##0.00 "₸"',
  date: 'dd.mm.yyyy',
  month: 'mmmm yyyy',
  datetime: 'dd.mm.yyyy hh:mm',
};
// A named font, so LibreOffice does not fall back to a serif one.
const FONT = { name: 'Calibri', family: 2, size: 11 };
const BOLD = { ...FONT, bold: true };
const KINDS = Object.keys(FORMATS) as XlsxKind[];
// One style object per kind, shared by every cell of that kind: exceljs then finds its id by identity
// instead of building the style's XML again for each cell.
const styleOf = (font: typeof FONT) =>
  Object.fromEntries(KINDS.map((k) => [k, FORMATS[k] ? { numFmt: FORMATS[k], font } : { font }])) as Record<XlsxKind, Partial<ExcelJS.Style>>;
const PLAIN = styleOf(FONT);
const STRONG = styleOf(BOLD);

const DAY_MS = 86_400_000;
const EPOCH = 25_569; // 1970-01-01 as an Excel serial day
const DAY = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const serialOf = (ms: number) => ms / DAY_MS + EPOCH;

/** A value as its cell holds it: numbers and Excel serial dates, never text for a date or an amount. */
function cellOf(kind: XlsxKind, v: string | number | Date | null | undefined): string | number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (v instanceof Date) {
    const serial = serialOf(v.getTime() + ALMATY_OFFSET_MS);
    return kind === 'datetime' ? serial : Math.floor(serial);
  }
  if (typeof v === 'number' || kind === 'text') return v;
  if (kind === 'money' || kind === 'decimal' || kind === 'integer') return Number(v);
  const day = DAY.exec(v);
  if (!day) return kind === 'datetime' ? serialOf(Date.parse(v) + ALMATY_OFFSET_MS) || v : v;
  return serialOf(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3] ?? 1)));
}

/** Excel's names: at most 31 characters, none of []:*?/\ — shortened at a word, never mid-word. */
export function sheetNameOf(title: string): string {
  const name = title
    .replace(/[[\]:*?/\\]/g, ' ')
    .replaceAll("'", '’')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length <= 31) return name || 'Sheet';
  const cut = name.slice(0, 32).lastIndexOf(' ');
  return (cut > 0 ? name.slice(0, cut) : name.slice(0, 31)).replace(/[\s,.;—–-]+$/, '');
}

type SheetSpec = {
  name: string;
  columns: XlsxColumn[];
  /** A line above the header (the sheet's title), bold. */
  title?: string;
  /** Printed at the top of every page. */
  printHeader?: string;
};

/** One sheet: its header row frozen, filtered and printed on every page; rows typed by their columns. */
export class SheetWriter {
  private readonly ws: ExcelJS.Worksheet;
  private readonly kinds: XlsxKind[];

  constructor(book: ExcelJS.stream.xlsx.WorkbookWriter, spec: SheetSpec) {
    const header = spec.title ? 2 : 1;
    const wide = spec.columns.reduce((sum, c) => sum + c.width, 0) > 100;
    this.kinds = spec.columns.map((c) => c.kind ?? 'text');
    this.ws = book.addWorksheet(sheetNameOf(spec.name), {
      views: [{ state: 'frozen', ySplit: header }],
      pageSetup: {
        paperSize: 9,
        orientation: wide ? 'landscape' : 'portrait',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: `1:${header}`,
      },
      ...(spec.printHeader && { headerFooter: { oddHeader: `&C${spec.printHeader.replaceAll('&', '&&')}` } }),
    });
    this.ws.columns = spec.columns.map((c, i) => ({ width: c.width, style: PLAIN[this.kinds[i] as XlsxKind] }));
    this.ws.autoFilter = { from: { row: header, column: 1 }, to: { row: header, column: spec.columns.length } };
    if (spec.title) {
      const title = this.ws.addRow([spec.title]);
      title.getCell(1).style = { font: { ...BOLD, size: 13 } };
      title.commit();
    }
    const head = this.ws.addRow(spec.columns.map((c) => c.header));
    head.eachCell((cell) => {
      cell.style = STRONG.text;
    });
    head.commit();
  }

  /** One row, its values in the columns' order. */
  row(values: XlsxValue[], options?: Options): void {
    const styles = options?.bold ? STRONG : PLAIN;
    const kinds: XlsxKind[] = [];
    const cells = values.map((v, i) => {
      const typed = v !== null && typeof v === 'object' && !(v instanceof Date) ? v : null;
      const kind = typed?.kind ?? this.kinds[i] ?? 'text';
      kinds[i] = kind;
      return cellOf(kind, typed ? typed.value : (v as Exclude<XlsxValue, object> | Date));
    });
    const row = this.ws.addRow(cells);
    row.eachCell((cell, col) => {
      cell.style = styles[kinds[col - 1] ?? 'text'];
    });
    row.commit();
  }

  /**
   * Waits while the zip is behind, then lets the event loop serve others. exceljs hands the sheet's XML
   * to the zip without backpressure: the stream between them (its first pipe) is where a backlog would
   * pile up, and it drains as the deflater, and the download behind it, take what was written.
   */
  async breathe(out: PassThrough): Promise<void> {
    const zip = (this.ws as unknown as { stream?: { pipes?: Zip[] } }).stream?.pipes?.[0];
    if (!zip?._writableState?.needDrain) return void (await nextTurn());
    await new Promise<void>((resolve) => {
      const done = () => {
        zip.off('drain', done);
        out.off('close', done);
        resolve();
      };
      zip.on('drain', done);
      out.on('close', done);
    });
  }

  commit(): void {
    this.ws.commit();
  }
}

/** A workbook written to a stream; `close` ends it (a failure ends the download as failed). */
export function xlsxBook() {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  return {
    out,
    sheet: (spec: SheetSpec) => new SheetWriter(book, spec),
    close: () => {
      void book.commit().catch((err: unknown) => out.destroy(err as Error));
      return out;
    },
  };
}

type StreamedSheet<R, K> = SheetSpec & {
  /** One keyset batch after `after` (null: the first). */
  batch: (after: K | null) => Promise<R[]>;
  /** The keyset position of a row, where the next batch starts. */
  keyOf: (row: R) => K;
  cells: (row: R) => XlsxValue[];
  batchSize: number;
};

// Rows are written in slices of this many milliseconds at most, then the event loop serves others.
const SLICE_MS = 20;

/**
 * A list as .xlsx written row by row to a stream: keyset batches and exceljs's streaming writer keep
 * memory flat however many rows there are, and the next batch is read while this one is written. The
 * first batch is read before the stream is handed back, so a query the database refuses is an error
 * answer, never a 200 with a broken file; a failure later ends the download as failed rather than as a
 * short file. A download given up stops the reading.
 */
export function streamXlsx<R, K>(sheet: StreamedSheet<R, K>): Promise<PassThrough> {
  return streamBook([sheet]);
}

/** Several lists as the sheets of one workbook, one after another, each streamed as streamXlsx does. */
// biome-ignore lint/suspicious/noExplicitAny: each sheet keeps its own row and key types
export async function streamBook(sheets: StreamedSheet<any, any>[]): Promise<PassThrough> {
  const [head] = sheets;
  const first = head ? await head.batch(null) : [];
  const book = xlsxBook();
  const { out } = book;
  void (async () => {
    let slice = performance.now();
    for (const [i, sheet] of sheets.entries()) {
      const ws = book.sheet(sheet);
      for (let rows = i === 0 ? first : await sheet.batch(null); ; ) {
        const last = rows.at(-1);
        const next = last && rows.length === sheet.batchSize ? sheet.batch(sheet.keyOf(last)) : null;
        next?.catch(() => undefined); // awaited below; a failure of writing first must not leave it unhandled
        for (const row of rows) {
          ws.row(sheet.cells(row));
          if (performance.now() - slice > SLICE_MS) {
            await ws.breathe(out);
            if (out.destroyed) return;
            slice = performance.now();
          }
        }
        if (!next) break;
        rows = await next;
      }
      ws.commit();
    }
    book.close();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** A workbook as a download named `<name>.xlsx`. */
export function sendXlsx(reply: FastifyReply, body: Readable, name: string): FastifyReply {
  return sendDownload(reply, body, `${name}.xlsx`, MEDIA.xlsx);
}
