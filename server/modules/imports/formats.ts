import { readStatement } from '../billing/statement';

/**
 * File formats an entity may bring instead of the spreadsheets (kit.ts `format`): plain functions of the
 * bytes, so a worker thread runs them (read.ts). Each gives its documents as records of the entity's
 * column keys to raw text; the kit reads them by the columns' rules as it reads a spreadsheet's cells.
 */
export type FormatRead = { records: { number: number; cells: Record<string, string> }[] } | { refusal: 'not_format' | 'too_many_rows' };
type Format = {
  /** The stored file's extension. */
  ext: string;
  contentType: string;
  read(bytes: Uint8Array, maxRows: number): FormatRead;
};

export const fileFormats = {
  bank1c: {
    ext: 'txt',
    contentType: 'text/plain',
    read: (bytes, maxRows) => {
      const read = readStatement(bytes, maxRows);
      return 'refusal' in read ? { refusal: read.refusal === 'too_many_rows' ? 'too_many_rows' : 'not_format' } : read;
    },
  },
} satisfies Record<string, Format>;
/** A format's name is the import's file type (spreadsheets: `xlsx`, `csv`). */
export type FileFormat = keyof typeof fileFormats;
export const isFileFormat = (type: string): type is FileFormat => Object.hasOwn(fileFormats, type);
