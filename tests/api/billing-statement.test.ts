import { beforeAll, expect, it } from 'vitest';
import { formatDecimal } from '#/i18n/formatters';
import { almatyToday } from '#/shared/almaty';
import { addDays } from '#/shared/days';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { download, pdfText } from '../support/pdf';
import { downloadBook, expectDate, expectMoney } from '../support/xlsx';

type Entry = { date: string; kind: 'invoice' | 'payment'; label: string; debit: string; credit: string; balance: string };
type Ledger = { renter: { id: string; name: string }; opening: string; entries: Entry[]; closing: string };

describeEachDatabase('billing: the statement of account', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let renterId = '';
  const today = almatyToday();
  const earlier = addDays(today, -20);

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    await signedLease(h, t.landlord, { number: 'S-1', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31', paymentDay: 10 });
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-03-01' } })).status).toBe(200);
    // An advance before the period opens it in the tenant's favour; a payment within it is on it.
    for (const [received_on, amount, reference] of [
      [earlier, '50000', 'п/п 3'],
      [today, '30000', 'п/п 7'],
    ]) {
      const paid = await h.api('/payments', { token: t.landlord, body: { renter_id: renterId, received_on, amount, reference, method: 'bank' } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    }
  });

  const ledger = async () => (await h.api(`/billing/ledger?renter_id=${renterId}&from=${today}&to=${today}`, { token: t.landlord })).body as Ledger;

  it('as .xlsx: the opening balance, each invoice and payment with the running balance, the closing balance', async () => {
    const expected = await ledger();
    expect(expected.opening).toBe('-50000.00');
    expect(expected.entries.map((e) => e.kind)).toContain('payment');
    const book = await downloadBook(h, t.employee, `/billing/statement?renter_id=${renterId}&from=${today}&to=${today}&format=xlsx`);
    const ws = book.worksheets[0];
    if (!ws) throw new Error('no sheet');
    expect(String(ws.getCell('A1').value)).toContain(`Акт сверки взаимных расчётов между`);
    expect(String(ws.getCell('A1').value)).toContain(expected.renter.name);
    expect(ws.getRow(2).values).toEqual([undefined, 'Дата', 'Документ', 'Начислено, ₸', 'Оплачено, ₸', 'Сальдо, ₸']);
    expectDate(ws.getCell('A3'), today);
    expect(ws.getCell('B3').value).toBe('Сальдо на начало периода');
    expectMoney(ws.getCell('E3'), -50000);
    expected.entries.forEach((e, n) => {
      const row = ws.getRow(4 + n);
      expectDate(row.getCell(1), e.date);
      expect(row.getCell(2).value).toBe(e.kind === 'invoice' ? `Счёт № ${e.label}` : `Оплата, ${e.label}`);
      if (e.kind === 'invoice') expectMoney(row.getCell(3), Number(e.debit));
      else expectMoney(row.getCell(4), Number(e.credit));
      expectMoney(row.getCell(5), Number(e.balance));
    });
    const closing = ws.getRow(4 + expected.entries.length);
    expect(closing.getCell(2).value).toBe('Сальдо на конец периода');
    expectMoney(closing.getCell(5), Number(expected.closing));
    expect(Number(expected.closing)).toBeGreaterThan(0);
    expect(ws.getRow(5 + expected.entries.length).getCell(2).value).toBe(
      `Задолженность арендатора на ${today.split('-').reverse().join('.')}: ${formatDecimal(expected.closing, 'ru')} ₸`,
    );
  });

  it('as PDF in the caller language; a tenant gets only its own; another landlord gets 404; the format is required', async () => {
    const expected = await ledger();
    const pdf = await download(h, t.landlord, `/billing/statement?renter_id=${renterId}&from=${today}&to=${today}&format=pdf`, 'kk');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.pdf"; filename\*=UTF-8''/);
    const kk = (v: string) => formatDecimal(v, 'kk').replace(/\u00a0/g, ' ');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Өзара есеп айырысуларды салыстыру актісі');
    expect(text).toContain(expected.renter.name);
    expect(text).toContain(`Кезең басындағы сальдо ${kk(expected.opening)}`);
    expect(text).toContain(`Кезең соңындағы сальдо ${kk(expected.closing)}`);
    expect(text).toContain('Төлем, п/п 7');
    expect(text).not.toContain('п/п 3');

    // The tenant naming someone else still gets its own.
    const own = await download(h, t.renter, `/billing/statement?renter_id=00000000-0000-4000-8000-000000000000&format=pdf`);
    expect(own.status).toBe(200);
    expect(await pdfText(own.bytes)).toContain(expected.renter.name);
    expect((await download(h, t.landlord2, `/billing/statement?renter_id=${renterId}&format=pdf`)).status).toBe(404);
    expect((await h.api(`/billing/statement?renter_id=${renterId}`, { token: t.landlord })).status).toBe(400);
  });
});
