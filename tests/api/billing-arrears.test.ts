import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { withCheckDigit } from '#/shared/kz-ids';
import { decimal, hundredths } from '#/shared/money';
import { invoices, renters } from '#server/db/schema';
import { runBillingJob } from '#server/modules/billing/job';
import { describeEachDatabase } from '../support/api-harness';
import { arrearsRecount, debtsDrift } from '../support/arrears';
import { signedLease } from '../support/billing';
import { objectWithRooms } from '../support/contracts';

type Invoice = { id: string; number: string; status: string; total: string; paid: string; due_on: string };
type Arrears = Awaited<ReturnType<typeof arrearsRecount>>;

describeEachDatabase('billing: the arrears equal a recount of the open invoices', (h) => {
  const t = { landlord: '', renter: '', landlord2: '' };
  const ids = { renter: '', shoes: '', cafe: '', landlord: '', landlord2: '', object: '' };
  const invoicesOf = async (renterId: string) => (await h.api(`/invoices?renter_id=${renterId}&limit=100`, { token: t.landlord })).body.data as Invoice[];
  const owedOn = (i: Invoice) => decimal(hundredths(i.total) - hundredths(i.paid));
  const pay = (renterId: string, amount: string, invoiceId?: string) =>
    h.api('/payments', { token: t.landlord, body: { renter_id: renterId, amount, invoice_id: invoiceId, received_on: almatyDay(0), method: 'bank' } });

  /** The landlord's arrears (all of them, one property's) and the other landlord's, each equal to its recount; the kept debts without drift. */
  async function sameAsRecount() {
    const cases = [
      { token: t.landlord, landlordId: ids.landlord, query: '' },
      { token: t.landlord, landlordId: ids.landlord, query: `?object_id=${ids.object}`, objectId: ids.object },
      { token: t.landlord2, landlordId: ids.landlord2, query: '' },
    ];
    for (const c of cases) {
      const res = await h.api<Arrears>(`/billing/arrears${c.query}`, { token: c.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(await arrearsRecount(h.db, c.landlordId, res.body.as_of, c.objectId));
    }
    expect(await debtsDrift(h.db)).toEqual([]);
  }

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    ids.renter = (await h.api('/renters/me', { token: t.renter })).body.id;
    // Two more tenants registered in a second property of the landlord: the arrears of one property hold them alone.
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Должники»', [30, 40]);
    ids.object = centre.id;
    for (const [key, name, n] of [
      ['shoes', 'ТОО «Обувь»', 1],
      ['cafe', 'ИП «Кофейня»', 2],
    ] as const) {
      const made = await h.api('/renters', {
        token: t.landlord,
        body: {
          legal_name: name,
          bin_iin: withCheckDigit(`9005014010${n}`),
          trade_point_name: name,
          trade_category: 'Одежда',
          room_id: centre.rooms[n - 1]?.id,
          lease_contract_date: '2027-01-01',
          trade_area: 30,
          contact_full_name: 'Айдар Серикбаев',
          contact_position: 'Директор',
          phone: `+7707123450${n}`,
          email: `debtor${n}@example.kz`,
          legal_address: 'Алматы, ул. Абая, 1',
          username: `arrears.debtor${n}`,
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids[key] = made.body.id;
    }
    const [own] = await h.db.select({ landlordId: renters.landlordId }).from(renters).where(eq(renters.id, ids.renter));
    ids.landlord = own?.landlordId ?? '';
    const renter2 = (await h.api('/renters/me', { token: await h.login('renter2') })).body.id as string;
    const [other] = await h.db.select({ landlordId: renters.landlordId }).from(renters).where(eq(renters.id, renter2));
    ids.landlord2 = other?.landlordId ?? '';
    for (const [number, renterId, area, rate] of [
      ['AR-1', ids.renter, 10, '10000'],
      ['AR-2', ids.shoes, 25, '8000'],
      ['AR-3', ids.cafe, 12, '9500.50'],
    ] as const) {
      await signedLease(h, t.landlord, { number, renterId, areas: [area], rate, startsOn: '2027-01-01', endsOn: '2027-12-31', paymentDay: 10 });
    }
  });

  it('after issuing, paying in full and in part, cancelling, crediting and the overdue job, on both landlords', async () => {
    await sameAsRecount();
    // Issued: four months of three tenants (and the demo leases), then the other landlord's month.
    for (const period of ['2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01']) {
      expect((await h.api('/billing/runs', { token: t.landlord, body: { period } })).status).toBe(200);
    }
    expect((await h.api('/billing/runs', { token: t.landlord2, body: { period: '2027-01-01' } })).status).toBe(200);
    await sameAsRecount();
    // Biggest first by amount, not as text (a debt of seven figures before one of six).
    const issued = (await h.api<Arrears>('/billing/arrears', { token: t.landlord })).body.rows.map((r) => hundredths(r.total));
    expect(issued).toEqual([...issued].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    // Due days spread over every age: over 90, 61–90, 31–60, 1–30 days late, not yet due.
    const ages = [-120, -75, -45, -5];
    for (const renterId of [ids.renter, ids.shoes, ids.cafe]) {
      const own = (await invoicesOf(renterId)).sort((a, b) => a.number.localeCompare(b.number));
      for (const [i, invoice] of own.entries()) {
        await h.db
          .update(invoices)
          .set({ dueOn: almatyDay(ages[i] ?? 5) })
          .where(eq(invoices.id, invoice.id));
      }
    }
    await sameAsRecount();
    const aged = (await h.api<Arrears>('/billing/arrears', { token: t.landlord })).body;
    const shoes = aged.rows.find((r) => r.renter.id === ids.shoes);
    expect(shoes && [shoes.d90_plus, shoes.d61_90, shoes.d31_60, shoes.d1_30].every((a) => hundredths(a) > 0n)).toBe(true);

    // The overdue job moves the late ones: what is owed does not change.
    await runBillingJob(h.db);
    await sameAsRecount();

    // Paid in full (the invoice named), in part, and more than owed (the rest is credit).
    const [oldest, second] = (await invoicesOf(ids.shoes)).filter((i) => i.status !== 'paid').sort((a, b) => a.due_on.localeCompare(b.due_on));
    expect((await pay(ids.shoes, owedOn(second as Invoice), second?.id)).status).toBe(201);
    await sameAsRecount();
    expect((await pay(ids.shoes, '1234.56')).status).toBe(201);
    expect((await h.api(`/invoices/${oldest?.id}`, { token: t.landlord })).body.status).toBe('overdue');
    await sameAsRecount();
    const cafeOwed = (await invoicesOf(ids.cafe)).reduce((s, i) => s + hundredths(i.total) - hundredths(i.paid), 0n);
    expect((await pay(ids.cafe, decimal(cafeOwed + 10_000n))).status).toBe(201);
    await sameAsRecount();
    expect((await h.api<Arrears>(`/billing/arrears?object_id=${ids.object}`, { token: t.landlord })).body.rows.map((r) => r.renter.id)).toEqual([ids.shoes]);

    // Cancelled while nothing was paid: it owes nothing.
    const unpaid = (await invoicesOf(ids.renter)).find((i) => i.status !== 'paid' && hundredths(i.paid) === 0n) as Invoice;
    const voided = await h.api(`/invoices/${unpaid.id}/transitions`, { token: t.landlord, body: { event: 'invoice.void', comment: 'Ошибка в площади' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    await sameAsRecount();

    // A credit note lowers what an invoice owes; two tenants paid at once, each counted once.
    const credited = (await invoicesOf(ids.renter)).find((i) => i.status !== 'void' && i.status !== 'paid') as Invoice;
    const note = await h.api(`/invoices/${credited.id}/credit-notes`, { token: t.landlord, body: { amount: '5000.01', reason: 'Площадь по акту меньше' } });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const both = await Promise.all([pay(ids.renter, '777.77'), pay(ids.shoes, '888.88'), pay(ids.shoes, '111.11')]);
    expect(both.map((r) => r.status)).toEqual([201, 201, 201]);
    await sameAsRecount();

    // The next month's invoice takes the cafe's credit at once.
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-05-01' } })).status).toBe(200);
    const may = (await invoicesOf(ids.cafe)).find((i) => i.status === 'partly_paid');
    expect(may?.paid).toBe('100.00');
    await sameAsRecount();

    // Each landlord sees only its own tenants, even naming the other's property.
    const mine = (await h.api<Arrears>('/billing/arrears', { token: t.landlord })).body.rows.map((r) => r.renter.id);
    const theirs = (await h.api<Arrears>('/billing/arrears', { token: t.landlord2 })).body.rows.map((r) => r.renter.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    const named = (await h.api<Arrears>(`/billing/arrears?object_id=${ids.object}`, { token: t.landlord2 })).body;
    expect(named).toMatchObject({ rows: [], totals: { total: '0.00', d90_plus: '0.00' } });
  });
});
