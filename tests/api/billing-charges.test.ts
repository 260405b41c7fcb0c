import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { monthOf } from '#/shared/days';
import { decimal, hundredths, sum } from '#/shared/money';
import { charges } from '#server/db/schema';
import { postViolationFine } from '#server/modules/billing/charges';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { createViolation, violationInputs } from '../support/violations';

type Invoice = { id: string; number: string; status: string; total: string; paid: string; due_on: string };
type Line = {
  id: string;
  kind: string;
  description: string | null;
  amount: string;
  vat: string;
  days: number | null;
  contract: { number: string } | null;
  violation: { number: number } | null;
};
type Charge = {
  id: string;
  kind: string;
  description: string | null;
  period: string;
  amount: string;
  vat: string;
  invoice_id: string | null;
  violation: { number: number } | null;
};

describeEachDatabase('billing: charges beyond rent', (h) => {
  const t = { landlord: '', renter: '', landlord2: '' };
  let renterId = '';
  const invoiceOf = async (period: string) =>
    ((await h.api(`/invoices?period=${period}&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[])[0] as Invoice;
  const linesOf = async (period: string) => (await h.api(`/invoices/${(await invoiceOf(period)).id}`, { token: t.landlord })).body.lines as Line[];
  const run = (period: string) => h.api('/billing/runs', { token: t.landlord, body: { period } });
  const add = (body: Record<string, unknown>, token = t.landlord) =>
    h.api('/charges', {
      token,
      body: { renter_id: renterId, period: '2027-02-01', kind: 'one_off', description: 'Замена замка', amount: '5000', ...body },
      lang: 'en',
    });
  const waiting = async () => (await h.api(`/charges?renter_id=${renterId}&uninvoiced=true`, { token: t.landlord })).body.data as Charge[];

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    await h.api('/billing/settings', { token: t.landlord, method: 'PUT', body: { auto_run: false, run_day: 1, due_day: 10, vat_payer: true, vat_rate: '12' } });
  });

  it('a service charge beside rent: service rate × area for the same days, VAT on top, posted once', async () => {
    // 10 m²: rent 5,000 and service 800 per m² a month, from 16 January (16 of 31 days).
    const id = await signedLease(h, t.landlord, {
      number: 'S-1',
      renterId,
      areas: [10],
      rate: '5000',
      startsOn: '2027-01-16',
      endsOn: '2027-12-31',
      terms: { service_rate: '800' },
    });
    expect((await h.api(`/contracts/${id}`, { token: t.landlord })).body).toMatchObject({ service_rate: '800.00', late_fee_percent: null, late_fee_cap: null });
    const preview = (await h.api('/billing/preview?period=2027-01-01', { token: t.landlord })).body.lines as (Line & { number: string })[];
    expect(preview.filter((l) => l.number === 'S-1').map((l) => [l.kind, l.amount, l.vat, l.days])).toEqual([
      ['rent', '25806.45', '3096.77', 16],
      ['service', '4129.03', '495.48', 16],
    ]);
    expect((await run('2027-01-01')).status).toBe(200);
    const mine = (await linesOf('2027-01-01')).filter((l) => l.contract?.number === 'S-1');
    expect(mine.map((l) => [l.kind, l.amount, l.vat, l.days])).toEqual([
      ['rent', '25806.45', '3096.77', 16],
      ['service', '4129.03', '495.48', 16],
    ]);
    // Run again: nothing more posted, no second invoice.
    expect((await run('2027-01-01')).body).toMatchObject({ charges: 0, invoices: 0 });
    const again = (
      await h.db
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.contractId, id), eq(charges.kind, 'service')))
    ).length;
    expect(again).toBe(1);
  });

  it('one-off charges and adjustments staff add go on the next invoice; deleted only while not invoiced', async () => {
    const lock = await add({});
    expect(lock.status, JSON.stringify(lock.body)).toBe(201);
    expect(lock.body).toMatchObject({ kind: 'one_off', description: 'Замена замка', period: '2027-02-01', amount: '5000.00', vat: '600.00', invoice_id: null });
    const discount = await add({ kind: 'adjustment', description: 'Скидка за ремонт фасада', amount: '-1000.5' });
    expect(discount.status).toBe(201);
    expect(discount.body).toMatchObject({ amount: '-1000.50', vat: '-120.06' });
    const later = await add({ period: '2027-04-10', description: 'Пропуск на парковку', amount: '2000' });
    const mistaken = await add({ description: 'Ошибка', amount: '1' });
    // Bad amounts are said by their field.
    expect((await add({ kind: 'adjustment', amount: '0' })).body.error.fields.amount).toBe('An adjustment cannot be zero');
    expect((await add({ amount: '-5' })).body.error.fields).toHaveProperty('amount');
    expect((await add({ description: '   ' })).body.error.fields).toHaveProperty('description');
    expect((await waiting()).map((c) => c.description).sort()).toEqual(['Замена замка', 'Ошибка', 'Пропуск на парковку', 'Скидка за ремонт фасада']);
    expect((await h.api(`/charges/${mistaken.body.id}`, { token: t.landlord, method: 'DELETE' })).status).toBe(204);

    // February's run: the charges of February and before, not April's.
    await run('2027-02-01');
    const lines = await linesOf('2027-02-01');
    expect(lines.filter((l) => l.kind === 'one_off' || l.kind === 'adjustment').map((l) => [l.kind, l.description, l.amount, l.vat])).toEqual([
      ['one_off', 'Замена замка', '5000.00', '600.00'],
      ['adjustment', 'Скидка за ремонт фасада', '-1000.50', '-120.06'],
    ]);
    const february = await h.api(`/invoices/${(await invoiceOf('2027-02-01')).id}`, { token: t.landlord });
    expect(february.body.subtotal).toBe(sum((february.body.lines as Line[]).map((l) => l.amount)));
    expect((await waiting()).map((c) => c.id)).toEqual([later.body.id]);
    expect((await h.api(`/charges/${lock.body.id}`, { token: t.landlord, method: 'DELETE' })).status).toBe(409);
  });

  it('staff of this landlord only: a tenant and another landlord find nothing', async () => {
    const [charge] = await waiting();
    for (const token of [t.renter, t.landlord2]) expect((await h.api(`/charges/${charge?.id}`, { token, method: 'DELETE' })).status).toBe(404);
    expect((await add({}, t.renter)).status).toBe(404);
    expect((await h.api(`/charges?renter_id=${renterId}`, { token: t.renter })).status).toBe(404);
    // Another landlord's staff: not their tenant, and nothing of it listed.
    expect((await add({}, t.landlord2)).body.error.fields).toHaveProperty('renter_id');
    expect((await h.api(`/charges?renter_id=${renterId}`, { token: t.landlord2 })).body.data).toEqual([]);
    expect((await waiting()).map((c) => c.id)).toEqual([charge?.id]);
  });

  it('late fees on an invoice overdue last month: per cent a day within the cap, none when paid on time, once', async () => {
    // The main lease (the largest rent) names the terms: 0.1 % a day, at most 3 % of the invoice.
    await signedLease(h, t.landlord, {
      number: 'L-1',
      renterId,
      areas: [20],
      rate: '100000',
      startsOn: '2027-03-01',
      endsOn: '2027-12-31',
      paymentDay: 10,
      terms: { late_fee_percent: '0.1', late_fee_cap: '3' },
    });
    await run('2027-03-01');
    const march = await invoiceOf('2027-03-01');
    const total = hundredths(march.total);
    await run('2027-04-01');
    // Unpaid from the day after its due day to 31 March: those days × 0.1 %.
    const days = BigInt(31 - Number(march.due_on.slice(8)));
    const first = (total * days * 10n + 5000n) / 10000n;
    const aprilFees = (await linesOf('2027-04-01')).filter((l) => l.kind === 'late_fee');
    expect(aprilFees.map((l) => [l.amount, l.vat, l.contract?.number])).toEqual([[decimal(first), '0.00', 'L-1']]);
    // April's invoice paid on time: no fee on it; March's, unpaid all April (30 days, 3 %), is cut at the cap.
    const april = await invoiceOf('2027-04-01');
    const paid = await h.api('/payments', {
      token: t.landlord,
      body: { renter_id: renterId, received_on: '2027-04-05', method: 'bank', amount: april.total, invoice_id: april.id },
    });
    expect(paid.body.allocations).toEqual([expect.objectContaining({ invoice_id: april.id })]);
    await run('2027-05-01');
    const mayFees = (await linesOf('2027-05-01')).filter((l) => l.kind === 'late_fee');
    expect(mayFees.map((l) => l.amount)).toEqual([decimal((total * 3n) / 100n - first)]);
    // Billed again: nothing more.
    expect((await run('2027-05-01')).body).toMatchObject({ charges: 0, invoices: 0 });
    const onMarch = await h.db.select({ amount: charges.amount, period: charges.period }).from(charges).where(eq(charges.sourceInvoiceId, march.id));
    expect(onMarch.map((c) => c.period).sort()).toEqual(['2027-04-01', '2027-05-01']);
    expect(hundredths(sum(onMarch.map((c) => c.amount)))).toBe((total * 3n) / 100n);
  });

  it('a fine goes on the account once when its violation is issued, and comes off once when it is cancelled', async () => {
    const { typeId } = await violationInputs(h, t.landlord);
    const body = { renter_id: renterId, type_id: typeId, occurred_at: '2026-11-20T09:30:00Z', description: 'Товар в проходе' };
    const send = (token: string, id: string, event: string, comment?: string) =>
      h.api(`/violations/${id}/transitions`, { token, body: { event, ...(comment && { comment }) } });
    const kept = await createViolation(h, t.landlord, { ...body, fine: '7000' });
    const upheld = await createViolation(h, t.landlord, { ...body, fine: '3000' });
    for (const v of [kept, upheld]) expect((await send(t.landlord, v.id, 'violation.issue')).status).toBe(200);
    const month = monthOf(almatyToday()).first;
    const fines = (await waiting()).filter((c) => c.kind === 'fine');
    expect(fines.map((c) => [c.violation?.number, c.amount, c.vat, c.period, c.description]).sort()).toEqual(
      [
        [kept.number, '7000.00', '0.00', month, null],
        [upheld.number, '3000.00', '0.00', month, null],
      ].sort(),
    );
    // The dispute upheld: the violation is cancelled, its fine reversed.
    expect((await send(t.renter, upheld.id, 'violation.dispute', 'Товар убран до проверки')).status).toBe(200);
    expect((await send(t.landlord, upheld.id, 'violation.uphold')).body.status).toBe('cancelled');
    // Posting again changes nothing: once each.
    const row = { id: upheld.id, landlordId: '', renterId, fine: '3000' };
    const [mine] = await h.db.select({ landlordId: charges.landlordId }).from(charges).where(eq(charges.violationId, upheld.id));
    row.landlordId = mine?.landlordId ?? '';
    for (const to of ['issued', 'cancelled']) await postViolationFine(h.db, row, to, { userId: null, name: 'test' });
    const posted = await h.db.select({ kind: charges.kind, amount: charges.amount }).from(charges).where(eq(charges.violationId, upheld.id));
    expect(posted.map((c) => [c.kind, c.amount]).sort()).toEqual([
      ['adjustment', '-3000.00'],
      ['fine', '3000.00'],
    ]);
    // The next invoice carries them: 7,000 owed in all.
    await run('2027-06-01');
    const lines = (await linesOf('2027-06-01')).filter((l) => l.violation);
    expect(lines).toHaveLength(3);
    expect(sum(lines.map((l) => l.amount))).toBe('7000.00');
    expect(lines.find((l) => l.kind === 'adjustment')?.violation?.number).toBe(upheld.number);
  });
});
