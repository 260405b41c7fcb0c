import { describe, expect, it } from 'vitest';
import { cp1251, statementOf } from '../../../tests/support/bank';
import { readStatement } from './statement';

const doc = {
  Номер: '15',
  Дата: '05.02.2027',
  Сумма: '150000.00',
  ПлательщикБИН: '190440900018',
  Плательщик1: 'ТОО «Арман»',
  ПлательщикИИК: 'KZ123456789012345678',
  ПолучательБИН: '990140000011',
  ПолучательИИК: 'KZ987654321098765432',
  НазначениеПлатежа: 'Оплата по счёту № 2027-0002 за аренду',
  КНП: '859',
  ДатаПоступило: '06.02.2027',
};
const cells = {
  doc_number: '15',
  doc_date: '05.02.2027',
  amount: '150000.00',
  payer_bin: '190440900018',
  payer_name: 'ТОО «Арман»',
  payer_account: 'KZ123456789012345678',
  recipient_bin: '990140000011',
  recipient_account: 'KZ987654321098765432',
  purpose: 'Оплата по счёту № 2027-0002 за аренду',
  knp: '859',
  received_on: '06.02.2027',
};

describe('a 1C bank statement (1CClientBankExchange)', () => {
  it('reads Windows-1251 bytes with CRLF line ends, each document a record at its section line', () => {
    const read = readStatement(statementOf([doc, { ...doc, Номер: '16' }], 'windows-1251'), 100);
    expect(read).toEqual({
      records: [
        { number: 11, cells },
        { number: 24, cells: { ...cells, doc_number: '16' } },
      ],
    });
  });

  it('reads UTF-8, with a BOM or not, and LF line ends', () => {
    const utf8 = statementOf([doc], 'utf-8');
    expect(readStatement(utf8, 100)).toEqual({ records: [{ number: 11, cells }] });
    const lf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(utf8.toString('utf8').replace(/\r\n/g, '\n'))]);
    expect(readStatement(lf, 100)).toEqual({ records: [{ number: 11, cells }] });
  });

  it('reads DOS (CP866) when the header says so', () => {
    const text = statementOf([{ Номер: '1', Дата: '01.02.2027', Сумма: '10', Плательщик: 'Аскар' }], 'utf-8')
      .toString('utf8')
      .replace('Кодировка=UTF-8', 'Кодировка=DOS');
    // CP866: А–п at 0x80–0xAF, р–я at 0xE0–0xEF.
    const bytes = Buffer.from(
      [...text].map((ch) => {
        const c = ch.codePointAt(0) ?? 0;
        if (c < 0x80) return c;
        if (c >= 0x410 && c <= 0x43f) return c - 0x410 + 0x80;
        if (c >= 0x440 && c <= 0x44f) return c - 0x440 + 0xe0;
        throw new Error(ch);
      }),
    );
    expect(readStatement(bytes, 100)).toEqual({
      records: [{ number: 11, cells: { doc_number: '1', doc_date: '01.02.2027', amount: '10', payer_name: 'Аскар' } }],
    });
  });

  it('takes the first key present (ИИН or the old ИНН, Счет for ИИК) and leaves missing keys out', () => {
    const read = readStatement(statementOf([{ Номер: '7', ПлательщикИНН: '900101300123', ПлательщикСчет: 'KZ1', ПолучательСчет: 'KZ2', Сумма: '5' }]), 100);
    expect(read).toEqual({
      records: [{ number: 11, cells: { doc_number: '7', payer_bin: '900101300123', payer_account: 'KZ1', recipient_account: 'KZ2', amount: '5' } }],
    });
  });

  it('refuses what is not a statement, or one cut short; caps the documents', () => {
    expect(readStatement(Buffer.from('Номер;Дата;Сумма\r\n1;01.02.2027;5\r\n'), 100)).toEqual({ refusal: 'not_statement' });
    expect(readStatement(cp1251('Выписка по счёту\r\n'), 100)).toEqual({ refusal: 'not_statement' });
    expect(readStatement(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 100)).toEqual({ refusal: 'not_statement' });
    const whole = statementOf([doc], 'utf-8').toString('utf8');
    expect(readStatement(Buffer.from(whole.replace('КонецФайла', '')), 100)).toEqual({ refusal: 'not_statement' });
    expect(readStatement(Buffer.from(whole.slice(0, whole.indexOf('КонецДокумента'))), 100)).toEqual({ refusal: 'not_statement' });
    expect(readStatement(statementOf([doc, doc, doc]), 2)).toEqual({ refusal: 'too_many_rows' });
  });
});
