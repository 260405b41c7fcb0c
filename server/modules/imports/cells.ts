import { isValidBinIin } from '#/shared/kz-ids';

/**
 * What a column holds, and how a cell of it is read: pure functions of plain data, so the worker threads
 * run them (read.ts) and the template and the notes describe the same rules (template.ts).
 */
export type ColumnKind = 'text' | 'bin' | 'phone' | 'email' | 'date' | 'month' | 'decimal' | 'quantity' | 'money' | 'integer' | 'choice' | 'username';

/** A column as the reader needs it: its key, every header it answers to, its kind and rule. */
export type ColumnSpec = {
  key: string;
  /** Lower-cased, trimmed: the key itself and the header in each language. */
  headers: string[];
  kind: ColumnKind;
  required: boolean;
  /** Text: at most this many characters. */
  max?: number;
  /** Choice: the allowed values (matched in any letter case, stored as written here). */
  values?: string[];
  /** Choice: other words for a value (lower-cased, one space between words), as people write it in each language. */
  aliases?: Record<string, string>;
};

/** A message key of the dictionaries' `imports.row`, with its parameters. */
export type RowCode =
  | 'required'
  | 'tooLong'
  | 'binIin'
  | 'phone'
  | 'email'
  | 'date'
  | 'month'
  | 'decimal'
  | 'quantity'
  | 'money'
  | 'integer'
  | 'choice'
  | 'formula'
  | 'duplicate'
  | 'objectNotFound'
  | 'roomNotFound'
  | 'ambiguous'
  | 'usernameTaken'
  | 'roomNumberTaken'
  | 'username'
  | 'positive';
export type RowProblem = { column: string | null; code: RowCode; params?: Record<string, string | number> };

/** A cell as read from the file: a formula's cached value stands for it; `formula` when there is none. */
export type RawCell = string | number | boolean | Date | null | { formula: true };
export type Value = string | number | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9._-]{3,50}$/;
const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-31, and it counts 1900-02-29, a day that never was: from day 61 on, 1899-12-30 is day 0. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An Excel serial day as YYYY-MM-DD; null for fractions of days only, day 60 (the leap-year bug) or out of range. */
export function excelSerialDay(serial: number): string | null {
  const day = Math.floor(serial + 1e-9);
  if (day < 1 || day === 60 || day > 2_958_465) return null;
  return iso(EXCEL_EPOCH + (day < 60 ? day + 1 : day) * DAY_MS);
}

function dateOf(raw: Exclude<RawCell, null | { formula: true }>): string | null {
  if (raw instanceof Date) {
    // exceljs turns a date-formatted cell into a UTC instant; Excel keeps only the wall-clock day.
    const ms = raw.getTime();
    return Number.isNaN(ms) ? null : iso(Math.round(ms / DAY_MS) * DAY_MS);
  }
  if (typeof raw === 'number') return excelSerialDay(raw);
  const text = String(raw).trim();
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  const isoText = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [d, m, y] = dotted ? [dotted[1], dotted[2], dotted[3]] : isoText ? [isoText[3], isoText[2], isoText[1]] : [];
  if (!d || !m || !y) return /^\d+(\.\d+)?$/.test(text) ? excelSerialDay(Number(text)) : null;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const back = new Date(ms);
  // 31.02.2026 rolls over to March: not a day.
  if (back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(m) - 1 || Number(y) < 1900) return null;
  return iso(ms);
}

/** A Kazakhstan number as +7 and 10 digits: spaces, dashes, brackets and a leading 8 are forgiven. */
function phoneOf(raw: string | number): string | null {
  const digits = String(raw).replace(/[\s()\-.]/g, '');
  const m = /^(?:\+7|8|7)?(\d{10})$/.exec(digits);
  return m ? `+7${m[1]}` : null;
}

// A space between thousands and a decimal comma are how people write numbers here.
const numberText = (raw: string) => raw.replace(/[\s\u00a0]/g, '').replace(',', '.');

function numberOf(raw: string | number | boolean): number | null {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'boolean') return null;
  const text = numberText(raw);
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^(\d{1,10})(?:\.(\d{1,3}))?$/;

/**
 * A dial's figure as an exact decimal with three places (numeric(14,3), the contract's Quantity), never
 * through a float: typed text digit for digit; a number cell when it is a figure of at most three decimals
 * (a formula's 0.1 + 0.2 is 0.3, its last binary digit forgiven).
 */
function quantityOf(raw: string | number | boolean): string | null {
  if (typeof raw === 'boolean') return null;
  let text: string;
  if (typeof raw === 'number') {
    if (!(raw >= 0) || raw >= 1e10) return null;
    text = raw.toFixed(3);
    if (Math.abs(Number(text) - raw) > Number.EPSILON * Math.max(1, raw) * 4) return null;
  } else text = numberText(raw);
  const m = QUANTITY.exec(text);
  return m ? `${BigInt(m[1] as string)}.${(m[2] ?? '').padEnd(3, '0')}` : null;
}

/**
 * A month as its first day: "10.2026", "2026-10", a day of it (dd.mm.yyyy, an Excel date), or the number
 * Excel makes of a typed "10.2026" (10.2026: below 13, it cannot be a day of this century).
 */
function monthOf(raw: Exclude<RawCell, null | { formula: true }>): string | null {
  if (typeof raw === 'boolean') return null;
  let text = typeof raw === 'number' ? (raw < 13 ? raw.toFixed(4) : '') : raw instanceof Date ? '' : String(raw).trim();
  const monthYear = /^(\d{1,2})[./](\d{4})$/.exec(text);
  const yearMonth = /^(\d{4})[-./](\d{1,2})$/.exec(text);
  const [m, y] = monthYear ? [monthYear[1], monthYear[2]] : yearMonth ? [yearMonth[2], yearMonth[1]] : [];
  if (m && y) {
    const month = Number(m);
    return month >= 1 && month <= 12 && Number(y) >= 2000 ? `${y}-${String(month).padStart(2, '0')}-01` : null;
  }
  // Meters' months are of this century: a small number read as an Excel day (1900) is no month.
  text = dateOf(raw) ?? '';
  return text >= '2000' ? `${text.slice(0, 7)}-01` : null;
}

/**
 * Tenge as an exact decimal string, never through a float sum: typed text is kept digit for digit; a
 * number cell (a double in the file) is taken only when it has at most two decimals.
 */
function moneyOf(raw: string | number | boolean): string | null {
  if (typeof raw === 'boolean') return null;
  if (typeof raw === 'number') {
    const tiyn = Math.round(raw * 100);
    return raw >= 0 && Math.abs(raw * 100 - tiyn) < 1e-6 && Number.isSafeInteger(tiyn) ? (tiyn / 100).toFixed(2) : null;
  }
  const text = numberText(raw);
  return MONEY.test(text) ? text : null;
}

/** The cell's text as a person typed it (what the error report shows back). */
export function textOf(raw: RawCell): string {
  if (raw === null) return '';
  if (raw instanceof Date) return dateOf(raw)?.split('-').reverse().join('.') ?? '';
  if (typeof raw === 'object') return '';
  return String(raw);
}

/** One cell by its column's rule: its value, or the problem to tell. */
export function readCell(spec: ColumnSpec, raw: RawCell): { value: Value } | { problem: RowProblem } {
  const problem = (code: RowCode, params?: RowProblem['params']) => ({ problem: { column: spec.key, code, params } });
  if (raw !== null && typeof raw === 'object' && !(raw instanceof Date)) return problem('formula');
  const empty = raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (empty) return spec.required ? problem('required') : { value: null };
  switch (spec.kind) {
    case 'text': {
      const text = textOf(raw).trim();
      return spec.max && text.length > spec.max ? problem('tooLong', { max: spec.max }) : { value: text };
    }
    case 'bin': {
      // A BIN kept as a number lost its leading zeros: they come back.
      const text = typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? String(raw).padStart(12, '0') : textOf(raw).replace(/\s/g, '');
      return isValidBinIin(text) ? { value: text } : problem('binIin');
    }
    case 'phone': {
      const phone = typeof raw === 'boolean' || raw instanceof Date ? null : phoneOf(raw);
      return phone ? { value: phone } : problem('phone');
    }
    case 'email': {
      const text = textOf(raw).trim();
      return EMAIL.test(text) && text.length <= 254 ? { value: text } : problem('email');
    }
    case 'username': {
      const text = textOf(raw).trim();
      return USERNAME.test(text) ? { value: text } : problem('username');
    }
    case 'date': {
      const day = typeof raw === 'boolean' ? null : dateOf(raw);
      return day ? { value: day } : problem('date');
    }
    case 'month': {
      const month = monthOf(raw);
      return month ? { value: month } : problem('month');
    }
    case 'quantity': {
      const q = raw instanceof Date ? null : quantityOf(raw);
      return q === null ? problem('quantity') : { value: q };
    }
    case 'decimal': {
      const n = raw instanceof Date ? null : numberOf(raw);
      if (n === null || !(n > 0) || n > 1_000_000) return problem('decimal');
      return { value: Math.round(n * 100) / 100 };
    }
    case 'money': {
      const money = raw instanceof Date ? null : moneyOf(raw);
      return money === null ? problem('money') : { value: money };
    }
    case 'integer': {
      const n = raw instanceof Date ? null : numberOf(raw);
      return n !== null && Number.isInteger(n) ? { value: n } : problem('integer');
    }
    case 'choice': {
      const text = textOf(raw).trim().toLowerCase().replace(/\s+/g, ' ');
      const hit = spec.values?.find((v) => v.toLowerCase() === text) ?? spec.aliases?.[text];
      return hit ? { value: hit } : problem('choice', { values: (spec.values ?? []).join(', ') });
    }
  }
}
