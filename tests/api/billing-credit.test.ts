import { beforeAll, expect, it } from 'vitest';
import { decimal, hundredths, sum } from '#/shared/money';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';

type Invoice = { id: string; number: string; status: string; total: string; vat: string; paid: string };
type CreditNote = { number: string; subtotal: string; vat: string; total: string; reason: string };

describeEachDatabase('billing: credit notes', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let renterId = '';
  const invoiceOf = async (period: string) =>
    ((await h.api(`/invoices?period=${period}&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[])[0] as Invoice;
  const credit = (invoiceId: string, amount: string, token = t.landlord) =>
    h.api(`/invoices/${invoiceId}/credit-notes`, { token, body: { amount, reason: 'Площадь по акту меньше' }, lang: 'en' });
  const ledger = async () =>
    (await h.api(`/billing/ledger?renter_id=${renterId}`, { token: t.landlord })).body as {
      closing: string;
      entries: { kind: string; label: string; credit: string }[];
    };
  const seqOf = (number: string) => Number(number.split('-').at(-1));

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    await h.api('/billing/settings', { token: t.landlord, method: 'PUT', body: { auto_run: false, run_day: 1, due_day: 10, vat_payer: true, vat_rate: '12' } });
    // 10 m² at 10,000: 100,000 net, 112,000 with VAT a month.
    await signedLease(h, t.landlord, { number: 'CN-1', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31' });
    for (const period of ['2027-01-01', '2027-02-01', '2027-03-01']) await h.api('/billing/runs', { token: t.landlord, body: { period } });
  });

  it('lowers what the invoice owes like a payment, VAT in its proportion, numbered in its own series without gaps', async () => {
    const january = await invoiceOf('2027-01-01');
    const before = await ledger();
    const first = await credit(january.id, '11200');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const notes = first.body.credit_notes as CreditNote[];
    expect(notes).toEqual([expect.objectContaining({ subtotal: '10000.00', vat: '1200.00', total: '11200.00', reason: 'Площадь по акту меньше' })]);
    const number = notes[0]?.number ?? '';
    expect(number).toMatch(/^КН-\d{4}-\d{4}$/);
    expect(first.body).toMatchObject({ status: 'partly_paid', paid: '11200.00', total: january.total });
    expect(first.body.payments).toEqual([expect.objectContaining({ method: 'credit_note', reference: number, amount: '11200.00' })]);
    expect(first.body.history.at(-1)).toMatchObject({ event: 'invoice.pay_part', from_status: 'issued', to_status: 'partly_paid' });

    // The account: a credit line named by the note's number.
    const after = await ledger();
    expect(after.closing).toBe(decimal(hundredths(before.closing) - 1_120_000n));
    expect(after.entries.at(-1)).toMatchObject({ kind: 'credit_note', label: number, credit: '11200.00' });

    // The next note takes the next number; what is left to credit is the limit, and it is said.
    const second = await credit(january.id, '0.01');
    expect(second.status).toBe(201);
    const [, next] = second.body.credit_notes as CreditNote[];
    expect(seqOf(next?.number ?? '')).toBe(seqOf(number) + 1);
    const left = decimal(hundredths(january.total) - 1_120_001n);
    const tooMuch = await credit(january.id, decimal(hundredths(left) + 1n));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amount).toBe(`At most ${left} ₸: the invoice total less its earlier credit notes`);
    // The rest credited in full: the notes' VAT comes to the invoice's VAT to the tiyn.
    const rest = await credit(january.id, left);
    expect(rest.status).toBe(201);
    const all = rest.body.credit_notes as CreditNote[];
    expect(sum(all.map((n) => n.total))).toBe(january.total);
    expect(sum(all.map((n) => n.vat))).toBe(january.vat);
    expect(all.map((n) => seqOf(n.number))).toEqual([seqOf(number), seqOf(number) + 1, seqOf(number) + 2]);
    expect(rest.body).toMatchObject({ status: 'paid', paid: january.total });
    expect((await credit(january.id, '0.01')).status).toBe(400);
  });

  it('on a paid invoice it becomes the tenant credit, which the next invoice takes', async () => {
    const february = await invoiceOf('2027-02-01');
    await h.api('/payments', {
      token: t.landlord,
      body: { renter_id: renterId, received_on: '2027-02-05', method: 'bank', amount: february.total, invoice_id: february.id },
    });
    // March is still open: the credit goes to it first, the rest waits.
    const march = await invoiceOf('2027-03-01');
    await h.api('/payments', {
      token: t.landlord,
      body: { renter_id: renterId, received_on: '2027-03-05', method: 'bank', amount: march.total, invoice_id: march.id },
    });
    const noted = await credit(february.id, '5000');
    expect(noted.status, JSON.stringify(noted.body)).toBe(201);
    expect(noted.body).toMatchObject({ status: 'paid', paid: february.total });
    const payments = (await h.api(`/payments?renter_id=${renterId}`, { token: t.landlord })).body.data as { method: string; unapplied: string }[];
    expect(payments.find((p) => p.method === 'credit_note' && p.unapplied !== '0.00')).toMatchObject({ unapplied: '5000.00' });
    expect(hundredths((await ledger()).closing)).toBe(-500_000n);
    // April's invoice takes the credit at once.
    await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-04-01' } });
    expect(await invoiceOf('2027-04-01')).toMatchObject({ status: 'partly_paid', paid: '5000.00' });
  });

  it('not on a draft or a void invoice; staff of billing only; another landlord’s invoice is not found', async () => {
    await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-05-01' } });
    const may = await invoiceOf('2027-05-01');
    const voided = await h.api(`/invoices/${may.id}/transitions`, { token: t.landlord, body: { event: 'invoice.void', comment: 'Ошибка' } });
    expect(voided.status).toBe(200);
    expect((await credit(may.id, '10')).status).toBe(409);
    const april = await invoiceOf('2027-04-01');
    expect((await credit(april.id, '10', t.renter)).status).toBe(403);
    expect((await credit(april.id, '10', t.landlord2)).status).toBe(404);
    expect((await credit(april.id, '0')).body.error.fields).toHaveProperty('amount');
    expect((await h.api(`/invoices/${april.id}/credit-notes`, { token: t.landlord, body: { amount: '10', reason: '  ' } })).status).toBe(400);
    // The tenant reads its invoice's credit notes.
    const january = await invoiceOf('2027-01-01');
    expect((await h.api(`/invoices/${january.id}`, { token: t.renter })).body.credit_notes).toHaveLength(3);
  });
});
