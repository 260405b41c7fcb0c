/** A payment document of a statement, by 1C's keys. */
export type StatementDoc = Record<string, string>;

/**
 * A bank statement as a bank writes it (1CClientBankExchange), CRLF line ends; `encoding` tells the header's
 * Кодировка and the bytes (Windows-1251 by the table below, or UTF-8).
 */
export function statementOf(docs: StatementDoc[], encoding: 'windows-1251' | 'utf-8' = 'windows-1251'): Buffer {
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.02',
    `Кодировка=${encoding === 'utf-8' ? 'UTF-8' : 'Windows'}`,
    'Отправитель=Бухгалтерский учет',
    'Получатель=',
    'ДатаНачала=01.02.2027',
    'ДатаКонца=28.02.2027',
    'СекцияРасчСчет',
    'РасчСчет=KZ000000000000000001',
    'КонецРасчСчет',
  ];
  for (const doc of docs) {
    lines.push('СекцияДокумент=Платежное поручение');
    for (const [k, v] of Object.entries(doc)) lines.push(`${k}=${v}`);
    lines.push('КонецДокумента');
  }
  lines.push('КонецФайла', '');
  const text = lines.join('\r\n');
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : cp1251(text);
}

const EXTRA: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '№': 0xb9, '«': 0xab, '»': 0xbb, '—': 0x97, '–': 0x96 };

/** Text in Windows-1251 (Russian letters and a few signs; what the tests write). */
export function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      const extra = EXTRA[ch];
      if (extra === undefined) throw new Error(`not in Windows-1251 here: ${ch}`);
      return extra;
    }),
  );
}
