import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { sheetNameOf } from '../../http/xlsx-stream';
import type { ColumnDef, Entity } from './kit';

const LIST_ROWS = 100_001;
/** exceljs 4.4 keeps a sheet's data validations by range; its types do not say so. */
type Validated = { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } };
const colName = (n: number): string => (n <= 26 ? String.fromCharCode(64 + n) : colName(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));

function formatOf(column: ColumnDef, ll: LL, values: string[] | undefined): string {
  const f = ll.imports.formats;
  switch (column.kind) {
    case 'text':
      return values?.length ? f.choice({ values: values.join(', ') }) : f.text({ max: column.max ?? 200 });
    case 'choice':
      return f.choice({ values: (column.valueLabels?.(ll) ?? column.values ?? []).join(', ') });
    case 'bin':
      return f.bin();
    default:
      return f[column.kind]();
  }
}

/**
 * The entity's template, from its description: headers in the caller's language, an example row, lists
 * of allowed values (the landlord's objects on a hidden sheet, a fixed set inline) and a notes sheet.
 */
export async function importTemplate(db: Db, entity: Entity, landlordId: string, ll: LL): Promise<Buffer> {
  const choices = (await entity.choices?.(db, landlordId)) ?? {};
  const book = new ExcelJS.Workbook();
  const sheetName = sheetNameOf(ll.imports.entities[entity.entity]());
  const ws = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = entity.columns.map((c) => ({
    header: c.label(ll),
    key: c.key,
    width: Math.max(14, c.label(ll).length + 4),
    // BINs and numbers that are names stay text, so Excel keeps their leading zeros; a month typed as
    // 10.2026 stays that, not the number 10.2026.
    style: ['bin', 'text', 'username', 'phone', 'month'].includes(c.kind) ? { numFmt: '@' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  const example = ws.addRow(entity.columns.map((c) => c.example));
  example.font = { italic: true, color: { argb: 'FF808080' } };

  const lists = book.addWorksheet('lists', { state: 'hidden' });
  let listColumn = 0;
  entity.columns.forEach((c, i) => {
    const range = `${colName(i + 1)}2:${colName(i + 1)}${LIST_ROWS}`;
    let formula: string | null = null;
    if (c.values) formula = `"${(c.valueLabels?.(ll) ?? c.values).join(',')}"`;
    const own = choices[c.key];
    if (own?.length) {
      listColumn += 1;
      own.forEach((value, r) => {
        lists.getCell(r + 1, listColumn).value = value;
      });
      formula = `lists!$${colName(listColumn)}$1:$${colName(listColumn)}$${own.length}`;
    }
    if (formula) {
      (ws as unknown as Validated).dataValidations.add(range, { type: 'list', allowBlank: !c.required, formulae: [formula], showErrorMessage: true });
    }
  });

  const notes = book.addWorksheet(sheetNameOf(ll.imports.notes.sheet()));
  notes.columns = [{ width: 30 }, { width: 14 }, { width: 80 }];
  notes.addRow([ll.imports.notes.intro({ sheet: sheetName })]);
  notes.addRow([]);
  const head = notes.addRow([ll.imports.notes.column(), ll.imports.notes.required(), ll.imports.notes.format()]);
  head.font = { bold: true };
  for (const c of entity.columns) {
    const format = [formatOf(c, ll, choices[c.key]), c.note?.(ll)].filter(Boolean).join('. ');
    notes.addRow([c.label(ll), c.required ? ll.imports.notes.yes() : ll.imports.notes.no(), format]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
