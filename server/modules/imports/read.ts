import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ZIP_LIMITS } from '../../files/documents';
import { scanZipPart } from '../../files/zip-parts';
import { type ColumnSpec, type RawCell, type RowProblem, readCell, textOf, type Value } from './cells';
import { type FileFormat, fileFormats, isFileFormat } from './formats';

/**
 * Reading an uploaded file, on a worker thread (workers/tasks.ts): a spreadsheet of 100,000 rows takes
 * seconds of CPU, which the event loop must not spend. The file streams through exceljs's WorkbookReader
 * (.xlsx) or csv-parse (.csv); each row comes back with its values read by the columns' rules and the
 * problems found. What needs the database (keys, references) is the main thread's (check.ts).
 */
export type ReadInput = {
  bytes: Uint8Array;
  /** A spreadsheet, or the entity's own format (formats.ts). */
  type: 'xlsx' | 'csv' | FileFormat;
  columns: (ColumnSpec & { label: string; example: string })[];
  maxRows: number;
  /** Keep each row's cells as text, in the columns' order (the error report writes them back). */
  withText?: boolean;
};
export type ReadRow = { row: number; values: Record<string, Value>; problems: RowProblem[]; text?: string[] };
export type Refusal = {
  code: 'import_file_type' | 'import_too_many_rows' | 'import_merged_header' | 'import_empty' | 'import_headers' | 'import_format';
  params?: Record<string, string | number>;
};
export type ReadOutput = { refusal: Refusal } | { rows: ReadRow[] };

type RowSource = AsyncIterable<{ number: number; cells: RawCell[] }>;

const headerText = (raw: RawCell) => textOf(raw).trim().toLowerCase().replace(/\s+/g, ' ');

/** The rows of a source: its first non-empty row names the columns; every later non-empty row is data. */
async function readRows(source: RowSource, input: ReadInput, onHeader?: (row: number) => Promise<Refusal | null>): Promise<ReadOutput> {
  let positions: (number | undefined)[] | null = null;
  const rows: ReadRow[] = [];
  let refusal: Refusal | null = null;
  // The source is always read to its end, a refusal only stops the work on its rows: leaving exceljs's or
  // csv-parse's iterator early destroys its streams, and the error that follows lands on the worker thread
  // after this task has answered, failing the next one.
  for await (const { number, cells } of source) {
    if (refusal || cells.every((c) => c === null || headerText(c) === '')) continue;
    if (!positions) {
      const headers = cells.map(headerText);
      positions = input.columns.map((c) => {
        const at = headers.findIndex((h) => c.headers.includes(h));
        return at < 0 ? undefined : at;
      });
      // Merged cells first: they leave the headers after the first of them empty, which would read as missing.
      refusal = (await onHeader?.(number)) ?? null;
      const missing = input.columns.filter((c, i) => c.required && positions?.[i] === undefined).map((c) => c.label);
      if (!refusal && missing.length > 0) refusal = { code: 'import_headers', params: { missing: missing.join(', ') } };
      continue;
    }
    const at = positions;
    const own = input.columns.map((_, i) => (at[i] === undefined ? null : (cells[at[i]] ?? null)));
    const text = own.map(textOf);
    // The template's example row, left in place, is not data.
    if (text.every((t, i) => t.trim() === (input.columns[i]?.example ?? ''))) continue;
    if (rows.length >= input.maxRows) {
      refusal = { code: 'import_too_many_rows', params: { max: input.maxRows } };
      rows.length = 0;
      continue;
    }
    const values: Record<string, Value> = {};
    const problems: RowProblem[] = [];
    input.columns.forEach((column, i) => {
      const read = readCell(column, own[i] ?? null);
      if ('problem' in read) problems.push(read.problem);
      else values[column.key] = read.value;
    });
    rows.push({ row: number, values, problems, ...(input.withText ? { text } : {}) });
  }
  if (refusal) return { refusal };
  return positions ? { rows } : { refusal: { code: 'import_empty' } };
}

/** exceljs's cell value as the kit reads it: a formula by its cached result, rich text as its text. */
function rawOf(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || (typeof result === 'number' && Number.isNaN(result)) || typeof result === 'object') {
      return result instanceof Date ? result : { formula: true };
    }
    return result as string | number | boolean;
  }
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return null;
}

/** Whether the sheet's XML merges a range that takes in row `row`. */
async function mergesRow(zip: Buffer, sheetPath: string, row: number): Promise<boolean> {
  let carry = '';
  let merged = false;
  await scanZipPart(
    zip,
    sheetPath,
    (chunk) => {
      const text = carry + chunk;
      for (const m of text.matchAll(/<mergeCell\s+ref="[A-Z]+(\d+)(?::[A-Z]+(\d+))?"/g)) {
        const from = Number(m[1]);
        const to = Number(m[2] ?? m[1]);
        if (from <= row && row <= to) merged = true;
      }
      carry = text.slice(-200);
      return merged;
    },
    ZIP_LIMITS.unpackedBytes,
  );
  return merged;
}

type ReaderInternals = { model?: { sheets?: { name: string; rId: string }[] }; workbookRels?: { Id: string; Target: string }[] };

async function readXlsx(input: ReadInput): Promise<ReadOutput> {
  const zip = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([zip]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let answer: ReadOutput | null = null;
  // Every sheet is read to its end (see readRows): hidden ones and those after the first visible one are drained.
  for await (const sheet of reader) {
    const ws = sheet as unknown as AsyncIterable<ExcelJS.Row> & { name: string; state?: string };
    if (answer || (ws.state && ws.state !== 'visible')) {
      for await (const _ of ws) {
        // drained
      }
      continue;
    }
    const rows = (async function* () {
      for await (const row of ws) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { number: row.number, cells: values.map((v) => rawOf(v as ExcelJS.CellValue)) };
      }
    })();
    const sheetPath = () => {
      const internals = reader as unknown as ReaderInternals;
      const rId = internals.model?.sheets?.find((s) => s.name === ws.name)?.rId;
      const target = internals.workbookRels?.find((r) => r.Id === rId)?.Target;
      return target ? `xl/${target.replace(/^\/?xl\//, '')}` : null;
    };
    answer = await readRows(rows, input, async (headerRow) => {
      const path = sheetPath();
      return path && (await mergesRow(zip, path, headerRow)) ? { code: 'import_merged_header' } : null;
    });
  }
  return answer ?? { refusal: { code: 'import_empty' } };
}

/** `;` or `,`: whichever the header line holds more of, outside quotes. */
function separatorOf(text: string): ';' | ',' {
  const line = text.slice(0, text.search(/\r?\n|$/));
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') semicolons += 1;
    else if (!quoted && ch === ',') commas += 1;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

async function readCsv(input: ReadInput): Promise<ReadOutput> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input.bytes);
  } catch {
    return { refusal: { code: 'import_file_type' } };
  }
  const parser = Readable.from([text]).pipe(parse({ delimiter: separatorOf(text), relax_column_count: true, skip_empty_lines: true, info: true }));
  const bins = new Set(input.columns.filter((c) => c.kind === 'bin').flatMap((c) => c.headers));
  let binAt = new Set<number>();
  const rows = (async function* () {
    let header = true;
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header && record.some((c) => c.trim() !== '')) {
        binAt = new Set(record.flatMap((c, i) => (bins.has(headerText(c)) ? [i] : [])));
        header = false;
      }
      // A CSV saved by Excel writes a BIN it took for a number without its leading zeros: read it as that number.
      const cells = record.map((c, i): RawCell => (binAt.has(i) && /^\d{1,11}$/.test(c.trim()) ? Number(c.trim()) : c));
      yield { number: info.lines, cells };
    }
  })();
  try {
    return await readRows(rows, input);
  } catch {
    return { refusal: { code: 'import_file_type' } };
  }
}

/** A file of the entity's own format: its records' texts read by the columns' rules, as a sheet's cells are. */
function readFormat(input: ReadInput, format: FileFormat): ReadOutput {
  const read = fileFormats[format].read(input.bytes, input.maxRows);
  if ('refusal' in read) {
    return { refusal: read.refusal === 'too_many_rows' ? { code: 'import_too_many_rows', params: { max: input.maxRows } } : { code: 'import_format' } };
  }
  if (read.records.length === 0) return { refusal: { code: 'import_empty' } };
  const rows = read.records.map(({ number, cells }): ReadRow => {
    const values: Record<string, Value> = {};
    const problems: RowProblem[] = [];
    for (const column of input.columns) {
      const got = readCell(column, cells[column.key] ?? null);
      if ('problem' in got) problems.push(got.problem);
      else values[column.key] = got.value;
    }
    return { row: number, values, problems, ...(input.withText ? { text: input.columns.map((c) => cells[c.key] ?? '') } : {}) };
  });
  return { rows };
}

/** The worker task: the file's rows, or why it is refused as a whole. */
export async function readImport(input: ReadInput): Promise<ReadOutput> {
  if (isFileFormat(input.type)) return readFormat(input, input.type);
  if (input.type === 'csv') return readCsv(input);
  // exceljs's streaming reader now and then loses the last entry of a sound file under load (its unzip
  // stream ends early: about 1 read in 400 with the CPUs busy) and throws; the bytes are in memory, so a
  // second read tells a bad file from that.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readXlsx(input);
    } catch {
      if (attempt === 2) return { refusal: { code: 'import_file_type' } };
    }
  }
}
