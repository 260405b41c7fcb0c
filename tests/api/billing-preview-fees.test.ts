import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sum } from '#/shared/money';
import { charges } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';

type PreviewLine = { kind: string; number: string; renter: { id: string }; amount: string; vat: string; posted: boolean; invoice_id?: string };
type Preview = { lines: PreviewLine[]; totals: { count: number; amount: string; vat: string } };

describeEachDatabase("billing: the run's preview shows its late fees", (h) => {
  const t = { landlord: '', renter: '', landlord2: '' };
  let renterId = '';
  const preview = async (period: string, token = t.landlord) => (await h.api(`/billing/preview?period=${period}`, { token })).body as Preview;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    await h.api('/billing/settings', { token: t.landlord, method: 'PUT', body: { auto_run: false, run_day: 1, due_day: 10, vat_payer: true, vat_rate: '12' } });
  });

  it('the late fee previewed is the one the run then posts, counted in the totals, and not previewed again', async () => {
    // 0.2 % a day, at most 5 %: March's invoice, due 10 March and never paid, is overdue 21 days of March.
    await signedLease(h, t.landlord, {
      number: 'PF-1',
      renterId,
      areas: [15],
      rate: '80000',
      startsOn: '2028-03-01',
      endsOn: '2028-12-31',
      paymentDay: 10,
      terms: { late_fee_percent: '0.2', late_fee_cap: '5' },
    });
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2028-03-01' } })).status).toBe(200);
    const march = (await h.api(`/invoices?period=2028-03-01&renter_id=${renterId}`, { token: t.landlord })).body.data[0] as { id: string };

    const before = await preview('2028-04-01');
    const fees = before.lines.filter((l) => l.kind === 'late_fee');
    expect(fees).toEqual([
      expect.objectContaining({ number: 'PF-1', renter: expect.objectContaining({ id: renterId }), vat: '0.00', posted: false, invoice_id: march.id }),
    ]);
    // 15 m² × 80,000 with 12 % VAT is 1,344,000; × 0.2 % × 21 days (4.2 %, within the cap).
    expect(fees[0]?.amount).toBe('56448.00');
    // The totals count it beside the month's rent.
    expect(before.totals.amount).toBe(sum(before.lines.filter((l) => !l.posted).map((l) => l.amount)));
    expect(before.lines.filter((l) => l.kind === 'rent' && !l.posted).map((l) => l.number)).toContain('PF-1');
    // Another landlord's preview does not show it.
    expect((await preview('2028-04-01', t.landlord2)).lines.filter((l) => l.kind === 'late_fee')).toEqual([]);

    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2028-04-01' } })).status).toBe(200);
    const posted = await h.db.select({ amount: charges.amount, period: charges.period }).from(charges).where(eq(charges.sourceInvoiceId, march.id));
    expect(posted).toEqual([{ amount: fees[0]?.amount, period: '2028-04-01' }]);
    // Posted once: the month's preview no longer offers it.
    expect((await preview('2028-04-01')).lines.filter((l) => l.kind === 'late_fee')).toEqual([]);
  });
});
