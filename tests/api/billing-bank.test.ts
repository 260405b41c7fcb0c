import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { decimal, hundredths } from '#/shared/money';
import { bankLines, employeeAccess, employees, landlords, payments, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { type StatementDoc, statementOf } from '../support/bank';
import { signedLease } from '../support/billing';
import { uploadImport } from '../support/imports';

type Invoice = { id: string; number: string; status: string; total: string; paid: string };
type Line = {
  id: string;
  doc_number: string;
  amount: string;
  payer_bin: string | null;
  status: string;
  renter: { id: string } | null;
  payment_id: string | null;
};

describeEachDatabase('billing: a bank statement imported and its lines matched', (h) => {
  const t = { landlord: '', renter: '', landlord2: '', employee: '' };
  let renterId = '';
  let renterBin = '';
  let landlordBin = '';
  let jan: Invoice;
  let feb: Invoice;
  const invoiceOf = async (period: string) =>
    ((await h.api(`/invoices?period=${period}&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[])[0] as Invoice;
  const queue = async (token = t.landlord) => (await h.api('/billing/bank-lines?status=unmatched', { token })).body.data as Line[];
  const landlordOf = async (username: string) => {
    const [row] = await h.db
      .select({ bin: landlords.bin })
      .from(users)
      .innerJoin(landlords, eq(landlords.id, users.landlordId))
      .where(eq(users.username, username));
    return row?.bin ?? '';
  };
  const incoming = (n: string, date: string, amount: string, payerBin: string, purpose: string): StatementDoc => ({
    Номер: n,
    Дата: date,
    Сумма: amount,
    ПлательщикБИН: payerBin,
    Плательщик1: 'ИП «Dana Fashion»',
    ПлательщикИИК: `KZ00PAYER${payerBin}`,
    ПолучательБИН: landlordBin,
    ПолучательИИК: 'KZ00LANDLORD',
    НазначениеПлатежа: purpose,
    КНП: '859',
  });
  let file: Buffer;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const me = (await h.api('/renters/me', { token: t.renter })).body;
    renterId = me.id;
    renterBin = me.bin_iin;
    landlordBin = await landlordOf('landlord');
    // 100,000 a month, January and February billed.
    await signedLease(h, t.landlord, { number: 'B-1', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31', paymentDay: 10 });
    for (const period of ['2027-01-01', '2027-02-01']) expect((await h.api('/billing/runs', { token: t.landlord, body: { period } })).status).toBe(200);
    jan = await invoiceOf('2027-01-01');
    feb = await invoiceOf('2027-02-01');
    const janRest = decimal(hundredths(jan.total) - 3_000_000n + 500_000n);
    file = statementOf([
      // Names February's invoice: pays it, although January is older.
      incoming('101', '05.02.2027', feb.total, renterBin, `Оплата по счёту № ${feb.number} за аренду`),
      // No number: the oldest open invoice, January, in part.
      incoming('102', '06.02.2027', '30000.00', renterBin, 'Аренда за январь'),
      // The rest of January and 5,000 more: the tenant's credit.
      incoming('103', '07.02.2027', janRest, renterBin, 'Аренда'),
      // Nobody's BIN: waits in the queue (one to be allocated, one to be ignored).
      incoming('104', '08.02.2027', '12345.67', '880101300555', 'Оплата аренды'),
      incoming('105', '09.02.2027', '999.00', '770101400666', 'Возврат займа'),
      // Outgoing: the landlord pays someone.
      {
        Номер: '7',
        Дата: '09.02.2027',
        Сумма: '50000.00',
        ПлательщикБИН: landlordBin,
        ПлательщикИИК: 'KZ00LANDLORD',
        ПолучательБИН: '990140000011',
        ПолучательИИК: 'KZ00OTHER',
      },
    ]);
  });

  it('a statement is checked (lines, matched, queued, outgoing) and committed: invoices paid, credit kept, the rest queued', async () => {
    const checked = await uploadImport(h, t.landlord, 'bank_statement', file, 'выписка.txt');
    expect(checked.status, JSON.stringify(checked.body)).toBe(201);
    expect(checked.body).toMatchObject({
      entity: 'bank_statement',
      status: 'checked',
      counts: { total: 6, new: 3, changed: 2, unchanged: 0, wrong: 0, skipped: 1 },
    });
    // Nothing is written by the check.
    expect(await queue()).toEqual([]);
    const done = await h.api(`/imports/${checked.body.id}/commit`, { token: t.landlord, body: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('committed');

    expect(await invoiceOf('2027-02-01')).toMatchObject({ status: 'paid', paid: feb.total });
    expect(await invoiceOf('2027-01-01')).toMatchObject({ status: 'paid', paid: jan.total });
    const paid = (await h.api(`/payments?renter_id=${renterId}`, { token: t.landlord })).body.data as {
      reference: string;
      method: string;
      received_on: string;
      unapplied: string;
      invoice_id: string | null;
      allocations: { invoice_id: string; amount: string }[];
    }[];
    const byRef = new Map(paid.map((p) => [p.reference, p]));
    expect(byRef.get('п/п 101')).toMatchObject({
      method: 'bank',
      received_on: '2027-02-05',
      invoice_id: feb.id,
      unapplied: '0.00',
      allocations: [{ invoice_id: feb.id, amount: feb.total }],
    });
    expect(byRef.get('п/п 102')).toMatchObject({ invoice_id: null, allocations: [{ invoice_id: jan.id, amount: '30000.00' }] });
    expect(byRef.get('п/п 103')).toMatchObject({
      unapplied: '5000.00',
      allocations: [{ invoice_id: jan.id, amount: decimal(hundredths(jan.total) - 3_000_000n) }],
    });
    // The tenant is told of each, as of a payment staff record: what it paid and which invoice.
    const inbox = (await h.api('/notifications/inbox?limit=100', { token: t.renter })).body.data as { kind: string; subject: { type: string; id: string } }[];
    const received = inbox.filter((n) => n.kind === 'payment.received').map((n) => n.subject.id);
    expect(received.sort()).toEqual([feb.id, jan.id, jan.id].sort());
    const janView = (await h.api(`/invoices/${jan.id}`, { token: t.landlord })).body;
    expect(janView.history.at(-1)).toMatchObject({ event: 'invoice.pay', from_status: 'partly_paid', to_status: 'paid', actor_name: 'Айгерим Сейткали' });

    const waiting = await queue();
    expect(waiting.map((l) => [l.doc_number, l.amount, l.payer_bin, l.status])).toEqual([
      ['104', '12345.67', '880101300555', 'unmatched'],
      ['105', '999.00', '770101400666', 'unmatched'],
    ]);
    const matched = (await h.api('/billing/bank-lines?status=matched', { token: t.landlord })).body.data as Line[];
    expect(matched.map((l) => l.doc_number)).toEqual(['101', '102', '103']);
    expect(matched.every((l) => l.renter?.id === renterId && l.payment_id)).toBe(true);
    // The outgoing line is not kept.
    expect((await h.db.select().from(bankLines).where(eq(bankLines.docNumber, '7'))).length).toBe(0);
  });

  it('the same file imported again adds nothing', async () => {
    const again = await uploadImport(h, t.landlord, 'bank_statement', file, 'выписка.txt');
    expect(again.body.counts).toEqual({ total: 6, new: 0, changed: 0, unchanged: 5, wrong: 0, skipped: 1 });
    const before = (await h.db.select().from(payments)).length;
    expect((await h.api(`/imports/${again.body.id}/commit`, { token: t.landlord, body: {} })).status).toBe(200);
    expect((await h.db.select().from(payments)).length).toBe(before);
    expect((await queue()).length).toBe(2);
  });

  it('a waiting line is allocated to a tenant by hand (its payment is credit when nothing is open), another ignored', async () => {
    const [first, second] = await queue();
    const allocated = await h.api(`/billing/bank-lines/${first?.id}/allocate`, { token: t.landlord, body: { renter_id: renterId } });
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    expect(allocated.body).toMatchObject({ status: 'allocated', renter: { id: renterId } });
    const payment = ((await h.api(`/payments?renter_id=${renterId}`, { token: t.landlord })).body.data as { id: string }[]).find(
      (p) => p.id === allocated.body.payment_id,
    );
    expect(payment).toMatchObject({ amount: '12345.67', unapplied: '12345.67', reference: 'п/п 104', received_on: '2027-02-08', method: 'bank' });
    const [line] = await h.db
      .select({ resolvedBy: bankLines.resolvedBy })
      .from(bankLines)
      .where(eq(bankLines.id, first?.id ?? ''));
    expect(line?.resolvedBy).toBeTruthy();
    // Resolved once: a second allocation is refused.
    expect((await h.api(`/billing/bank-lines/${first?.id}/allocate`, { token: t.landlord, body: { renter_id: renterId } })).status).toBe(409);

    const ignored = await h.api(`/billing/bank-lines/${second?.id}/ignore`, { token: t.landlord, method: 'POST' });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ status: 'ignored', payment_id: null });
    expect(await queue()).toEqual([]);
  });

  it("another landlord's line is not found; an employee without the billing level is refused", async () => {
    const waitingOne = statementOf([incoming('201', '10.02.2027', '700.00', '660101500777', 'Оплата')]);
    const checked = await uploadImport(h, t.landlord, 'bank_statement', waitingOne, 'выписка-2.txt');
    await h.api(`/imports/${checked.body.id}/commit`, { token: t.landlord, body: {} });
    const [line] = await queue();
    expect(line).toBeDefined();
    expect(await queue(t.landlord2)).toEqual([]);
    expect((await h.api(`/billing/bank-lines/${line?.id}/allocate`, { token: t.landlord2, body: { renter_id: renterId } })).status).toBe(404);
    expect((await h.api(`/billing/bank-lines/${line?.id}/ignore`, { token: t.landlord2, method: 'POST' })).status).toBe(404);

    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    await h.db.delete(employeeAccess).where(and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, 'billing')));
    await h.db.insert(employeeAccess).values({ employeeId: employee?.id ?? '', module: 'billing', level: 'view' });
    expect((await uploadImport(h, t.employee, 'bank_statement', waitingOne, 'выписка.txt')).status).toBe(403);
    expect((await h.api(`/billing/bank-lines/${line?.id}/ignore`, { token: t.employee, method: 'POST' })).status).toBe(403);
    expect((await h.api('/billing/bank-lines', { token: t.employee })).status).toBe(200);
    await h.db.delete(employeeAccess).where(and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, 'billing')));
    await h.db.insert(employeeAccess).values({ employeeId: employee?.id ?? '', module: 'billing', level: 'none' });
    expect((await h.api('/billing/bank-lines', { token: t.employee })).status).toBe(403);
    expect((await uploadImport(h, t.employee, 'bank_statement', waitingOne, 'выписка.txt')).status).toBe(403);
  });

  it('a file that is not a 1C statement is refused, in the caller language; so is a statement template', async () => {
    const sheet = Buffer.from('Номер;Дата;Сумма\r\n1;01.02.2027;5\r\n');
    const ru = await uploadImport(h, t.landlord, 'bank_statement', sheet, 'выписка.csv');
    expect(ru.status).toBe(400);
    expect(ru.body.error).toMatchObject({ code: 'import_format', message: 'Файл не подходит: нужна выписка банка в формате 1С (1CClientBankExchange)' });
    const en = await uploadImport(h, t.landlord, 'bank_statement', sheet, 'statement.csv', 'en');
    expect(en.body.error.message).toBe('Wrong file: it must be a 1C bank statement (1CClientBankExchange)');
    expect((await h.api('/import-templates/bank_statement', { token: t.landlord })).status).toBe(404);
  });
});
