import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { imports } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { sheetOf, uploadImport } from '../support/imports';
import { PNG } from '../support/requests';
import { docxOf, zipOf } from '../support/zip';

const MiB = 1024 * 1024;
const HEADER = ['object', 'number', 'floor', 'area'];

describeEachDatabase('imports: what a file may be', (h) => {
  let landlord = '';
  let objectName = '';
  const stored = async () => (await readdir(path.join(h.config.storageDir, 'imports'), { recursive: true }).catch(() => [])).length;
  const records = async () => (await h.db.select({ id: imports.id }).from(imports)).length;
  /** Refused as a whole with `code`, said beside the file in English, and nothing kept. */
  const refused = async (data: Buffer, name: string, status: number, code: string, message?: string, entity = 'units') => {
    const [files, rows] = [await stored(), await records()];
    const res = await uploadImport(h, landlord, entity, data, name, 'en');
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
    if (message) expect(res.body.error.fields.file).toBe(message);
    expect(await stored()).toBe(files);
    expect(await records()).toBe(rows);
  };

  beforeAll(async () => {
    landlord = await h.login('landlord');
    objectName = (await h.api('/objects', { token: landlord })).body.data[0].name;
  });

  it('not a spreadsheet by its bytes, whatever its name: refused', async () => {
    const message = 'Only XLSX or CSV (UTF-8) spreadsheets are allowed';
    await refused(PNG, 'units.xlsx', 400, 'import_file_type', message);
    await refused(docxOf(), 'units.xlsx', 400, 'import_file_type', message);
    await refused(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41]), 'units.csv', 400, 'import_file_type', message);
    // Windows-1251 text is not UTF-8.
    await refused(Buffer.from([0x6f, 0x62, 0x6a, 0x3b, 0xce, 0xe1, 0xfa, 0xe5, 0xea, 0xf2, 0x0a]), 'units.csv', 400, 'import_file_type', message);
  });

  it('over 20 MiB, a zip bomb, over 100,000 rows, merged header cells, other headers: refused', async () => {
    await refused(Buffer.alloc(20 * MiB + 1, 'a'), 'units.csv', 413, 'file_too_large', 'The file is larger than 20 MB');
    // 20 MiB of one letter packs into a few KiB: an archive declaring that much unpacked is no spreadsheet.
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * MiB, 'a') },
    ]);
    await refused(bomb, 'units.xlsx', 400, 'document_archive');
    const lines = ['object;number;floor;area'];
    for (let i = 0; i <= 100_000; i++) lines.push(`A;${i};1;1`);
    await refused(Buffer.from(lines.join('\n')), 'units.csv', 400, 'import_too_many_rows', 'The file has more than 100000 rows: split it into parts');
    const merged = await sheetOf([HEADER, [objectName, 'M-1', 1, 10]], (_, ws) => ws.mergeCells('A1:B1'));
    await refused(merged, 'units.xlsx', 400, 'import_merged_header', 'The header row has merged cells: unmerge them');
    const other = await sheetOf([
      ['name', 'floor'],
      ['x', 1],
    ]);
    await refused(other, 'units.xlsx', 400, 'import_headers', 'The headers do not match the template. Missing columns: Property, Unit number, Area, m²');
    await refused(Buffer.from(''), 'units.csv', 400, 'validation_failed');
  });

  it('formulas count by their cached values, never evaluated; one without a value is the row error', async () => {
    const file = await sheetOf([HEADER, [objectName, 'F-1', 1, 10], [objectName, 'F-2', 1, 10]], (_, ws) => {
      ws.getCell('D2').value = { formula: 'B9*1000', result: 12.5 } as never;
      ws.getCell('C3').value = { formula: 'B9*2' } as never;
    });
    const res = await uploadImport(h, landlord, 'units', file, 'units.xlsx', 'en');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.counts).toMatchObject({ new: 1, wrong: 1 });
    expect(res.body.errors).toEqual([
      { row: 3, column: 'floor', column_name: 'Floor', message: 'A formula without a saved value: open and save the file in Excel' },
    ]);
  });

  it('hidden sheets are passed over: the first visible one is read', async () => {
    const file = await sheetOf([['garbage']], (book) => {
      book.worksheets[0]!.state = 'hidden';
      const visible = book.addWorksheet('visible');
      visible.addRow(HEADER);
      visible.addRow([objectName, 'H-1', 2, 20]);
    });
    const res = await uploadImport(h, landlord, 'units', file, 'units.xlsx', 'en');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.counts).toEqual({ total: 1, new: 1, changed: 0, unchanged: 0, wrong: 0, skipped: 0 });
  });

  it('dates as Excel serial numbers, Excel dates or text dd.mm.yyyy; BINs as numbers get their zeros back', async () => {
    const room = (await h.api('/renters/room-options', { token: landlord })).body[0].rooms[3].number as string;
    const header = ['bin_iin', 'legal_name', 'trade_point_name', 'trade_category', 'object', 'room_number', 'lease_contract_date', 'trade_area'];
    const rest = ['contact_full_name', 'contact_position', 'phone', 'email', 'legal_address'];
    const row = (bin: string | number, date: string | number | Date, n: number) => [
      bin,
      `ТОО ${n}`,
      `Точка ${n}`,
      'Кафе',
      objectName,
      room,
      date,
      10,
      'Имя',
      'Директор',
      '+77011234567',
      `d${n}@example.kz`,
      'Алматы',
    ];
    const serial = (Date.UTC(2026, 2, 1) - Date.UTC(1899, 11, 30)) / 86_400_000;
    const bins = ['07040140001', '07040140002', '07040140003', '07040140004', '07040140005'].map((b) => withCheckDigit(b) as string);
    const file = await sheetOf([
      [...header, ...rest],
      row(Number(bins[0]), serial, 1),
      row(bins[1] as string, new Date(Date.UTC(2026, 2, 1)), 2),
      row(bins[2] as string, '01.03.2026', 3),
      row(bins[3] as string, '31.02.2026', 4),
      row('123456789012', '01.03.2026', 5),
    ]);
    const res = await uploadImport(h, landlord, 'tenants', file, 'tenants.xlsx', 'en');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.counts).toMatchObject({ total: 5, new: 3, wrong: 2 });
    expect(res.body.errors).toEqual([
      { row: 5, column: 'lease_contract_date', column_name: 'Lease date', message: 'Date: dd.mm.yyyy or an Excel date' },
      { row: 6, column: 'bin_iin', column_name: 'BIN / IIN', message: 'Invalid IIN/BIN: 12 digits with a valid check digit' },
    ]);
    expect(bins[0]?.startsWith('0')).toBe(true);
  });
});
