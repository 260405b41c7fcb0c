import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { decimal, hundredths, sum } from '#/shared/money';
import { invoices, paymentAllocations } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';

type Invoice = { id: string; number: string; status: string; total: string; paid: string; due_on: string };

describeEachDatabase('billing: payments applied to invoices', (h) => {
  const t = { landlord: '', renter: '', landlord2: '' };
  let renterId = '';
  const invoiceOf = async (period: string) =>
    ((await h.api(`/invoices?period=${period}&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[])[0] as Invoice;
  const pay = (body: Record<string, unknown>, token = t.landlord) =>
    h.api('/payments', { token, body: { renter_id: renterId, received_on: '2027-02-05', method: 'bank', ...body }, lang: 'en' });

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    // One lease of 10 m² at 10,000: 100,000 a month; January and February billed (due on the 10th).
    await signedLease(h, t.landlord, { number: 'P-1', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31', paymentDay: 10 });
    for (const period of ['2027-01-01', '2027-02-01']) {
      expect((await h.api('/billing/runs', { token: t.landlord, body: { period } })).status).toBe(200);
    }
  });

  it('a payment goes to the invoice it names first, then to the oldest open one; history says who recorded it', async () => {
    const january = await invoiceOf('2027-01-01');
    const february = await invoiceOf('2027-02-01');
    const extra = '1000.00';
    const paid = await pay({ amount: sum([february.total, extra]), invoice_id: february.id, reference: 'п/п 15' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ unapplied: '0.00', reference: 'п/п 15', invoice_id: february.id });
    expect(paid.body.allocations).toEqual([
      { invoice_id: january.id, number: january.number, amount: extra },
      { invoice_id: february.id, number: february.number, amount: february.total },
    ]);
    const feb = (await h.api(`/invoices/${february.id}`, { token: t.landlord })).body;
    expect(feb).toMatchObject({ status: 'paid', paid: february.total, actions: [] });
    expect(feb.history.at(-1)).toMatchObject({ event: 'invoice.pay', from_status: 'issued', to_status: 'paid', actor_name: 'Айгерим Сейткали' });
    expect(feb.payments).toEqual([{ payment_id: paid.body.id, received_on: '2027-02-05', method: 'bank', reference: 'п/п 15', amount: february.total }]);
    const jan = (await h.api(`/invoices/${january.id}`, { token: t.landlord })).body;
    expect(jan).toMatchObject({ status: 'partly_paid', paid: extra });
    // Paid in part, it is no longer voided: a credit note corrects it.
    expect(jan.actions).toEqual([]);
  });

  it('an overdue invoice stays overdue until paid in full; what is left over is the tenant credit', async () => {
    const january = await invoiceOf('2027-01-01');
    await h.db.update(invoices).set({ status: 'overdue' }).where(eq(invoices.id, january.id));
    const owed = hundredths(january.total) - hundredths(january.paid);
    const part = await pay({ amount: '500' });
    expect(part.body.allocations).toEqual([{ invoice_id: january.id, number: january.number, amount: '500.00' }]);
    expect((await invoiceOf('2027-01-01')).status).toBe('overdue');
    const rest = await pay({ amount: decimal(owed - 50_000n + 25_000n) });
    expect(rest.body).toMatchObject({ unapplied: '250.00' });
    const settled = await invoiceOf('2027-01-01');
    expect(settled).toMatchObject({ status: 'paid', paid: january.total });
    // Nothing open: a payment is all credit.
    expect((await pay({ amount: '75.5' })).body).toMatchObject({ unapplied: '75.50', allocations: [] });
  });

  it("a tenant's credit pays its next invoice; two payments at once never pay an invoice twice", async () => {
    await signedLease(h, t.landlord, { number: 'P-2', renterId, areas: [5], rate: '2000', startsOn: '2027-03-01', endsOn: '2027-12-31' });
    await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-03-01' } });
    const march = await invoiceOf('2027-03-01');
    // The 250.00 and 75.50 left over before went to March's invoice when it was issued.
    expect(march).toMatchObject({ status: 'partly_paid', paid: '325.50' });
    const credits = (await h.api(`/payments?renter_id=${renterId}`, { token: t.landlord })).body.data as { unapplied: string }[];
    expect(credits.every((c) => c.unapplied === '0.00')).toBe(true);
    const owed = decimal(hundredths(march.total) - hundredths(march.paid));
    const both = await Promise.all([1, 2].map(() => pay({ amount: owed })));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.body.unapplied).sort()).toEqual(['0.00', owed].sort());
    const allocated = await h.db.select({ amount: paymentAllocations.amount }).from(paymentAllocations).where(eq(paymentAllocations.invoiceId, march.id));
    expect(sum(allocated.map((a) => a.amount))).toBe(march.total);
    expect(await invoiceOf('2027-03-01')).toMatchObject({ status: 'paid', paid: march.total });
  });

  it("bad input is said by its field; a tenant reads only its own payments; another landlord's are not there", async () => {
    expect((await pay({ amount: '0' })).body.error.fields).toHaveProperty('amount');
    expect((await pay({ amount: '1.005' })).status).toBe(400);
    // Another landlord's invoice named: not found, nothing paid.
    await h.api('/billing/runs', { token: t.landlord2, body: { period: '2027-01-01' } });
    const [theirs] = (await h.api('/invoices', { token: t.landlord2 })).body.data as Invoice[];
    const othersInvoice = await pay({ amount: '10', invoice_id: theirs?.id });
    expect(othersInvoice.status).toBe(400);
    expect(othersInvoice.body.error.fields).toHaveProperty('invoice_id');
    expect((await pay({ amount: '10' }, t.landlord2)).body.error.fields).toHaveProperty('renter_id');
    expect((await pay({ amount: '10' }, t.renter)).status).toBe(403);

    const own = (await h.api('/payments', { token: t.renter })).body.data as { renter: { id: string } }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((p) => p.renter.id === renterId)).toBe(true);
    expect((await h.api('/payments', { token: t.landlord2 })).body.data).toEqual([]);
  });

  it('arrears age what each tenant owes by its due day on Almaty days; staff only', async () => {
    for (const period of ['2027-04-01', '2027-05-01']) await h.api('/billing/runs', { token: t.landlord, body: { period } });
    const april = await invoiceOf('2027-04-01');
    const may = await invoiceOf('2027-05-01');
    const owedOn = (i: Invoice) => decimal(hundredths(i.total) - hundredths(i.paid));
    await h.db
      .update(invoices)
      .set({ dueOn: almatyDay(-45) })
      .where(eq(invoices.id, april.id));
    await h.db
      .update(invoices)
      .set({ dueOn: almatyDay(-5) })
      .where(eq(invoices.id, may.id));
    const arrears = (await h.api('/billing/arrears', { token: t.landlord })).body;
    expect(arrears.as_of).toBe(almatyDay(0));
    const row = arrears.rows.find((r: { renter: { id: string } }) => r.renter.id === renterId);
    expect(row).toMatchObject({ current: '0.00', d1_30: owedOn(may), d31_60: owedOn(april), d61_90: '0.00', d90_plus: '0.00', oldest_due_on: almatyDay(-45) });
    expect(row.total).toBe(sum([owedOn(april), owedOn(may)]));
    // Biggest debtors first; the totals are the sums of every row (fewer than 500 here), bucket by bucket.
    type Row = Record<'current' | 'd1_30' | 'd31_60' | 'd61_90' | 'd90_plus' | 'total', string> & { renter: { id: string }; object: { id: string } };
    const rows = arrears.rows as Row[];
    expect(rows.map((r) => hundredths(r.total))).toEqual(rows.map((r) => hundredths(r.total)).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    for (const key of ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'total'] as const) expect(arrears.totals[key]).toBe(sum(rows.map((r) => r[key])));
    // A property's arrears hold only its tenants, with their own totals.
    const inObject = (await h.api(`/billing/arrears?object_id=${row.object.id}`, { token: t.landlord })).body as {
      rows: Row[];
      totals: Record<string, string>;
    };
    expect(inObject.rows.map((r) => r.renter.id)).toContain(renterId);
    expect(inObject.rows.every((r) => r.object.id === row.object.id)).toBe(true);
    expect(inObject.totals.total).toBe(sum(inObject.rows.map((r) => r.total)));
    // A payment takes it off, the oldest first.
    await pay({ amount: owedOn(april) });
    const after = (await h.api('/billing/arrears', { token: t.landlord })).body.rows.find((r: { renter: { id: string } }) => r.renter.id === renterId);
    expect(after).toMatchObject({ d31_60: '0.00', d1_30: owedOn(may), total: owedOn(may) });
    expect((await h.api('/billing/arrears', { token: t.renter })).status).toBe(403);
    const theirs = (await h.api('/billing/arrears', { token: t.landlord2 })).body.rows as { renter: { id: string } }[];
    expect(theirs.some((r) => r.renter.id === renterId)).toBe(false);
  });

  it("a tenant's account: invoices and payments with the running balance; the tenant reads its own", async () => {
    type Ledger = { opening: string; closing: string; entries: { kind: string; debit: string; credit: string; balance: string }[] };
    const all = (await h.api(`/billing/ledger?renter_id=${renterId}`, { token: t.landlord })).body as Ledger;
    expect(all.opening).toBe('0.00');
    let running = 0n;
    for (const e of all.entries) {
      running += hundredths(e.debit) - hundredths(e.credit);
      expect(e.balance).toBe(decimal(running));
    }
    expect(all.closing).toBe(decimal(running));
    const billed = sum(all.entries.map((e) => e.debit));
    const paid = sum(all.entries.map((e) => e.credit));
    expect(all.entries.filter((e) => e.kind === 'payment').length).toBeGreaterThan(0);
    // From tomorrow on (invoices were issued today, payments are dated later): the invoices open it.
    const later = (await h.api(`/billing/ledger?renter_id=${renterId}&from=${almatyDay(1)}`, { token: t.landlord })).body as Ledger;
    expect(later.opening).toBe(billed);
    expect(later.entries.every((e) => e.kind === 'payment')).toBe(true);
    expect(later.closing).toBe(decimal(hundredths(billed) - hundredths(paid)));
    // The tenant's own, whatever id it sends; another landlord's staff do not find it.
    expect((await h.api('/billing/ledger?renter_id=00000000-0000-0000-0000-000000000000', { token: t.renter })).body.closing).toBe(all.closing);
    expect((await h.api(`/billing/ledger?renter_id=${renterId}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api('/billing/ledger', { token: t.landlord })).status).toBe(400);
  });
});
