/**
 * A bank statement in 1C's exchange format (1CClientBankExchange), the text file every Kazakh bank exports:
 * a header, then `СекцияДокумент=…` … `КонецДокумента` sections of `Key=Value` lines, then `КонецФайла`.
 * Pure, so a worker thread reads it (imports/formats.ts). Its bytes are UTF-8 (a BOM or not), Windows-1251
 * or, from old banks, DOS (CP866) as its `Кодировка=DOS` says.
 */

/** The fields of one document, by the kit's column keys; a field the document lacks is absent. */
export type StatementRecord = { number: number; cells: Record<string, string> };
export type StatementRead = { records: StatementRecord[] } | { refusal: 'not_statement' | 'too_many_rows' };

const MAGIC = '1CClientBankExchange';

/** Each column and the keys that carry it, the first present wins (banks name the BIN after the old INN). */
const FIELDS: Record<string, string[]> = {
  doc_number: ['Номер'],
  doc_date: ['Дата'],
  amount: ['Сумма'],
  payer_bin: ['ПлательщикБИН', 'ПлательщикИИН', 'ПлательщикИНН'],
  payer_name: ['Плательщик1', 'Плательщик'],
  payer_account: ['ПлательщикИИК', 'ПлательщикСчет'],
  recipient_bin: ['ПолучательБИН', 'ПолучательИИН', 'ПолучательИНН'],
  recipient_account: ['ПолучательИИК', 'ПолучательСчет'],
  purpose: ['НазначениеПлатежа'],
  knp: ['КНП'],
  received_on: ['ДатаПоступило'],
};

function startsWithMagic(bytes: Uint8Array): boolean {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let at = bom;
  // Blank lines before the header are forgiven.
  while (at < bytes.length && (bytes[at] === 0x0d || bytes[at] === 0x0a || bytes[at] === 0x20)) at += 1;
  for (let i = 0; i < MAGIC.length; i += 1) if (bytes[at + i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/** The text of the bytes: UTF-8 when they are that, else Windows-1251, or CP866 when the header says DOS. */
export function statementText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const text = new TextDecoder('windows-1251').decode(bytes);
    if (/^Кодировка=Windows/im.test(text)) return text;
    const dos = new TextDecoder('ibm866').decode(bytes);
    return /^Кодировка=DOS/im.test(dos) ? dos : text;
  }
}

/** The documents of a statement (every kind: the importer tells incoming from outgoing), or why it is not one. */
export function readStatement(bytes: Uint8Array, maxRows: number): StatementRead {
  if (!startsWithMagic(bytes)) return { refusal: 'not_statement' };
  const lines = statementText(bytes).split(/\r\n|\r|\n/);
  const records: StatementRecord[] = [];
  let open: { number: number; fields: Map<string, string> } | null = null;
  let ended = false;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq).trim();
    const value = eq < 0 ? '' : line.slice(eq + 1).trim();
    if (key === 'СекцияДокумент') {
      if (open) return { refusal: 'not_statement' };
      open = { number: i + 1, fields: new Map() };
    } else if (key === 'КонецДокумента') {
      if (!open) return { refusal: 'not_statement' };
      if (records.length >= maxRows) return { refusal: 'too_many_rows' };
      const fields = open.fields;
      const cells: Record<string, string> = {};
      for (const [column, keys] of Object.entries(FIELDS)) {
        const found = keys.map((k) => fields.get(k)).find((v) => v !== undefined && v !== '');
        if (found !== undefined) cells[column] = found;
      }
      // A purpose a bank splits over НазначениеПлатежа1…6 is read as one text.
      if (cells.purpose === undefined) {
        const parts = [1, 2, 3, 4, 5, 6].map((n) => fields.get(`НазначениеПлатежа${n}`)).filter((p): p is string => !!p);
        if (parts.length > 0) cells.purpose = parts.join(' ');
      }
      records.push({ number: open.number, cells });
      open = null;
    } else if (key === 'КонецФайла') {
      ended = true;
      break;
    } else if (open && eq > 0) open.fields.set(key, value);
  }
  // A file cut short (no КонецФайла, a section left open) may have lost lines: it is not taken in part.
  if (!ended || open) return { refusal: 'not_statement' };
  return { records };
}
