import { and, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { decimal, hundredths } from '#/shared/money';
import { employeeAccess, employees, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { downloadBook, expectDate, expectMoney, expectSpreadsheet } from '../support/xlsx';

type Invoice = { id: string; number: string; status: string; subtotal: string; total: string; paid: string; due_on: string; period: string };
type Figure = { key: string; value: number | null };
type Table = { key: string; rows: { label: string; values: (number | null)[] }[] };
type Report = { figures: Figure[]; tables: Table[] };

const toNumber = (cents: bigint) => Number(decimal(cents));

describeEachDatabase('billing: the money report, Home’s overdue figure and the export for 1C', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let renterId = '';
  let renterName = '';
  const today = almatyToday();
  const month = { from: `${today.slice(0, 8)}01`, to: today };
  const report = async (query: string, token = t.landlord) => h.api(`/reports/billing?${query}`, { token, lang: 'en' });
  const figure = (r: Report, key: string) => r.figures.find((f) => f.key === key)?.value;
  const invoicesOf = async () =>
    ((await h.api(`/invoices?renter_id=${renterId}&per_page=100`, { token: t.landlord })).body.data as Invoice[]).filter((i) => i.status !== 'void');

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const me = (await h.api('/renters/me', { token: t.renter })).body;
    renterId = me.id;
    renterName = me.legal_name;
    expect(renterName).toBeTruthy();
    // 10 m² at 10,000: 100,000 a month, due on the 10th. September and October are past due today, December not yet.
    await signedLease(h, t.landlord, { number: 'R-1', renterId, areas: [10], rate: '10000', startsOn: '2026-09-01', endsOn: '2027-08-31', paymentDay: 10 });
    for (const period of ['2026-09-01', '2026-10-01', '2026-12-01']) {
      expect((await h.api('/billing/runs', { token: t.landlord, body: { period } })).status).toBe(200);
    }
    const paid = await h.api('/payments', { token: t.landlord, body: { renter_id: renterId, received_on: today, amount: '150000', method: 'bank' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it('billed against collected, the collection rate, and today’s debt by age with the biggest debtors', async () => {
    const res = await report(`renter_id=${renterId}&from=${month.from}&to=${month.to}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body as Report;
    const mine = await invoicesOf();
    expect(mine.length).toBe(3);
    const cents = (pick: (i: Invoice) => string, of = mine) => of.reduce((s, i) => s + hundredths(pick(i)), 0n);
    const total = cents((i) => i.total);
    const paid = cents((i) => i.paid);
    expect(paid).toBe(15_000_000n);
    expect(figure(r, 'billed')).toBe(toNumber(total));
    expect(figure(r, 'collected')).toBe(150_000);
    expect(figure(r, 'collection_rate')).toBe(Math.round((1000 * Number(paid)) / Number(total)) / 10);
    expect(figure(r, 'invoices')).toBe(3);
    expect(figure(r, 'owed')).toBe(toNumber(total - paid));
    const late = mine.filter((i) => i.due_on < today);
    const overdue = late.reduce((s, i) => s + hundredths(i.total) - hundredths(i.paid), 0n);
    expect(overdue).toBeGreaterThan(0n);
    expect(figure(r, 'overdue_sum')).toBe(toNumber(overdue));
    expect(figure(r, 'debtors')).toBe(1);

    // The payment went to September first, the rest to October: what is left is aged by due day.
    const ageing = (r.tables.find((x) => x.key === 'ageing') as Table).rows;
    expect(ageing.map((row) => row.label)).toEqual(['Not yet due', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days']);
    const december = mine.find((i) => i.period === '2026-12-01') as Invoice;
    expect(ageing[0]?.values).toEqual([toNumber(hundredths(december.total))]);
    expect(ageing.reduce((s, row) => s + (row.values[0] ?? 0), 0)).toBeCloseTo(toNumber(total - paid), 2);
    const debtors = r.tables.find((x) => x.key === 'debtors') as Table;
    expect(debtors.rows).toEqual([{ label: renterName, values: [toNumber(total - paid), toNumber(overdue)] }]);
    const byDay = r.tables.find((x) => x.key === 'billed_collected') as Table;
    expect(byDay.rows.find((row) => row.label === today)?.values).toEqual([toNumber(total), 150_000]);

    // The whole landlord's report counts at least this tenant; a property narrows it to the tenants registered there.
    const all = (await report(`from=${month.from}&to=${month.to}`)).body as Report;
    expect(figure(all, 'billed')).toBeGreaterThanOrEqual(toNumber(total));
  });

  it('the occupancy report’s rent is what a full month bills the tenant', async () => {
    const occupancy = (await h.api(`/reports/occupancy?renter_id=${renterId}`, { token: t.landlord })).body as Report;
    const december = (await invoicesOf()).find((i) => i.period === '2026-12-01') as Invoice;
    const detail = (await h.api(`/invoices/${december.id}`, { token: t.landlord })).body as { lines: { kind: string; amount: string }[] };
    const rent = detail.lines.filter((l) => l.kind === 'rent').reduce((s, l) => s + hundredths(l.amount), 0n);
    expect(figure(occupancy, 'monthly_rent')).toBe(toNumber(rent));
  });

  it('who: the report needs both reports and billing to be readable; a tenant is refused; another landlord’s tenant is not found', async () => {
    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = async (module: 'reports' | 'billing', level: 'none' | 'view') => {
      await h.db.delete(employeeAccess).where(and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, module)));
      await h.db.insert(employeeAccess).values({ employeeId: employee?.id ?? '', module, level });
    };
    await grant('reports', 'view');
    await grant('billing', 'none');
    expect((await report('', t.employee)).status).toBe(403);
    expect((await h.api('/reports/requests', { token: t.employee })).status).toBe(200);
    await grant('billing', 'view');
    expect((await report('', t.employee)).status).toBe(200);
    expect((await report('', t.renter)).status).toBe(403);
    expect((await report(`renter_id=${renterId}`, t.landlord2)).status).toBe(404);
  });

  it('exports the period’s invoices and payments for 1C in the documented layout', async () => {
    const book = await downloadBook(h, t.landlord, `/billing/export?from=${month.from}&to=${month.to}`, undefined, 'en');
    expectSpreadsheet(book, ['Invoices', 'Payments']);
    const [invoiceSheet, paymentSheet] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect((invoiceSheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Number',
      'Invoice date',
      'Due on',
      'Month',
      'Counterparty',
      'BIN/IIN',
      'Net amount',
      'VAT',
      'Amount',
      'Paid',
      'Status',
    ]);
    const mine = (await invoicesOf()).sort((a, b) => a.number.localeCompare(b.number));
    const rows = invoiceSheet.getRows(2, invoiceSheet.rowCount - 1) ?? [];
    const numbers = rows.map((row) => row.getCell(1).value as string);
    // Every invoice issued in the period, by number; the tenant's three among them.
    expect(numbers).toEqual([...numbers].sort());
    for (const i of mine) {
      const row = rows.find((x) => x.getCell(1).value === i.number) as ExcelJS.Row;
      expectDate(row.getCell(2), today);
      expectDate(row.getCell(3), i.due_on);
      expect(row.getCell(4).value).toBe(i.period.slice(0, 7));
      expect(row.getCell(5).value).toBe(renterName);
      expectMoney(row.getCell(9), toNumber(hundredths(i.total)));
      expectMoney(row.getCell(10), toNumber(hundredths(i.paid)));
    }
    const payment = paymentSheet.getRow(2);
    expectDate(payment.getCell(1), today);
    expectMoney(payment.getCell(4), 150_000);
    expect(payment.getCell(5).value).toBe('Bank transfer');
    // The invoices it went to, as the payment's allocations say: the oldest first.
    const [recorded] = (await h.api(`/payments?renter_id=${renterId}`, { token: t.landlord })).body.data as { allocations: { number: string }[] }[];
    const september = mine.find((i) => i.period === '2026-09-01') as Invoice;
    expect(recorded?.allocations[0]?.number).toBe(september.number);
    expect(payment.getCell(7).value).toBe(recorded?.allocations.map((a) => a.number).join(', '));
    expect(paymentSheet.rowCount).toBe(2);

    const wrong = await h.api(`/billing/export?from=${month.to}&to=2020-01-01`, { token: t.landlord, lang: 'en' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.to).toBe('The period must end no earlier than it starts and be at most a year long');
    expect((await h.api('/billing/export', { token: t.renter })).status).toBe(403);
    const theirs = await downloadBook(h, t.landlord2, '/billing/export');
    expect(theirs.worksheets[0]?.rowCount).toBe(1);
    expect(theirs.worksheets[1]?.rowCount).toBe(1);
  });
});
