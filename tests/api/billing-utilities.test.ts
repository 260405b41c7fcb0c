import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { hundredths, sum } from '#/shared/money';
import { charges, contractRooms, meterReadings, meterSettings, meters, renters, tariffs } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { activate, createLease, objectWithRooms } from '../support/contracts';
import { textOf } from '../support/docx';
import { download, pdfText } from '../support/pdf';

type Utility = {
  meter_id: string;
  serial: string;
  type: string;
  previous: string | null;
  current: string | null;
  consumption: string;
  tariff: string;
  estimated: boolean;
  common: boolean;
};
type PreviewLine = {
  kind: string;
  contract_id: string | null;
  number: string;
  renter: { id: string };
  amount: string;
  vat: string;
  posted: boolean;
  utility?: Utility;
};
type InvoiceLine = { kind: string; amount: string; vat: string; contract: { number: string } | null; utility: Utility | null };

// Meters, readings and tariffs are written straight into their tables here: the meters module's own
// screens and endpoints are built beside this one; the run reads only the tables.
describeEachDatabase('billing: utilities on the invoice', (h) => {
  const t = { landlord: '', renter: '', landlord2: '', renter2: '' };
  const ids = { landlord: '', landlord2: '', renter: '', other: '', neighbour: '', object: '', room: '', e1: '', w1: '' };

  const meter = async (
    values: { landlordId?: string; objectId?: string; roomId: string | null; type: (typeof meters.$inferInsert)['type']; serial: string } & Partial<
      typeof meters.$inferInsert
    >,
  ) => {
    const [row] = await h.db
      .insert(meters)
      .values({ landlordId: ids.landlord, objectId: ids.object, installedOn: '2026-01-01', ...values })
      .returning({ id: meters.id });
    return row?.id as string;
  };
  const reading = (meterId: string, period: string, value: string, source: 'staff' | 'replacement' = 'staff', landlordId = ids.landlord) =>
    h.db.insert(meterReadings).values({ landlordId, meterId, period, value, status: 'accepted', source });
  const run = async (period: string, token = t.landlord) => {
    const res = await h.api('/billing/runs', { token, body: { period } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { charges: number; invoices: number };
  };
  const preview = async (period: string, token = t.landlord) => {
    const res = await h.api(`/billing/preview?period=${period}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.lines as PreviewLine[]).filter((l) => l.kind === 'utility');
  };
  /** The utility lines of a tenant's invoice of the month, by serial. */
  const invoiced = async (period: string, renterId = ids.renter, token = t.landlord) => {
    const list = (await h.api(`/invoices?period=${period}&renter_id=${renterId}`, { token })).body.data as { id: string }[];
    expect(list).toHaveLength(1);
    const invoice = (await h.api(`/invoices/${list[0]?.id}`, { token })).body;
    const lines = invoice.lines as InvoiceLine[];
    expect(invoice.subtotal).toBe(sum(lines.map((l) => l.amount)));
    return lines.filter((l) => l.kind === 'utility').sort((a, b) => (a.utility?.serial ?? '').localeCompare(b.utility?.serial ?? ''));
  };
  const row = (l: InvoiceLine) => [
    l.utility?.serial,
    l.utility?.previous,
    l.utility?.current,
    l.utility?.consumption,
    l.utility?.tariff,
    l.utility?.estimated,
    l.amount,
    l.vat,
  ];

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    ids.renter = (await h.api('/renters/me', { token: t.renter })).body.id;
    ids.other = (await h.api('/renters/me', { token: t.renter2 })).body.id;
    const contractId = await signedLease(h, t.landlord, {
      number: 'U-1',
      renterId: ids.renter,
      areas: [30],
      rate: '1000',
      startsOn: '2026-01-01',
      endsOn: '2027-12-31',
    });
    const [held] = await h.db
      .select({ roomId: contractRooms.roomId, landlordId: contractRooms.landlordId })
      .from(contractRooms)
      .where(eq(contractRooms.contractId, contractId));
    ids.room = held?.roomId as string;
    ids.landlord = held?.landlordId as string;
    ids.object = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
    const [other] = await h.db.select({ landlordId: renters.landlordId, roomId: renters.roomId }).from(renters).where(eq(renters.id, ids.other));
    ids.landlord2 = other?.landlordId as string;
    const put = await h.api('/billing/settings', {
      token: t.landlord,
      method: 'PUT',
      body: { auto_run: false, run_day: 1, due_day: 10, vat_payer: true, vat_rate: '12' },
    });
    expect(put.status).toBe(200);
    await h.db.insert(tariffs).values([
      { landlordId: ids.landlord, type: 'electricity', startsOn: '2026-01-01', price: '25.5' },
      { landlordId: ids.landlord, type: 'cold_water', startsOn: '2026-01-01', price: '150' },
      { landlordId: ids.landlord, type: 'hot_water', startsOn: '2026-01-01', price: '199.99' },
      // Another landlord's tariff, and its meter on its tenant's unit with readings in the same months.
      { landlordId: ids.landlord2, type: 'electricity', startsOn: '2026-01-01', price: '1000' },
    ]);
    const foreign = await meter({
      landlordId: ids.landlord2,
      objectId: (await h.api('/objects', { token: t.landlord2 })).body.data[0].id,
      roomId: other?.roomId as string,
      type: 'electricity',
      serial: 'E-1',
    });
    await reading(foreign, '2026-02-01', '10', 'staff', ids.landlord2);
    await reading(foreign, '2026-03-01', '20', 'staff', ids.landlord2);

    ids.e1 = await meter({ roomId: ids.room, type: 'electricity', serial: 'E-1', initialReading: '600' });
    ids.w1 = await meter({ roomId: ids.room, type: 'cold_water', serial: 'W-1' });
    await reading(ids.e1, '2026-01-01', '800');
    await reading(ids.e1, '2026-02-01', '1000');
    await reading(ids.e1, '2026-03-01', '1250');
    await reading(ids.w1, '2026-02-01', '10');
    await reading(ids.w1, '2026-03-01', '22.5');
    // Gas has no tariff at this landlord: its meter is not billed.
    const gas = await meter({ roomId: ids.room, type: 'gas', serial: 'G-1' });
    await reading(gas, '2026-02-01', '1');
    await reading(gas, '2026-03-01', '9');
  });

  it("two meters of a unit on its tenant's invoice, previewed as posted, posted once however often the run goes", async () => {
    expect((await preview('2026-03-01')).map((l) => [l.utility?.serial, l.renter.id, l.contract_id !== null, l.amount, l.vat, l.posted])).toEqual([
      // 250 kWh × 25.50; 12.5 m³ × 150.
      ['E-1', ids.renter, true, '6375.00', '765.00', false],
      ['W-1', ids.renter, true, '1875.00', '225.00', false],
    ]);
    expect((await run('2026-03-01')).charges).toBeGreaterThanOrEqual(3);
    const lines = await invoiced('2026-03-01');
    expect(lines.map(row)).toEqual([
      ['E-1', '1000.000', '1250.000', '250.000', '25.5000', false, '6375.00', '765.00'],
      ['W-1', '10.000', '22.500', '12.500', '150.0000', false, '1875.00', '225.00'],
    ]);
    expect(lines.map((l) => [l.contract?.number, l.utility?.type, l.utility?.common])).toEqual([
      ['U-1', 'electricity', false],
      ['U-1', 'cold_water', false],
    ]);
    // The invoice's PDF and its АВР print each meter, its readings, consumption and tariff.
    const id = (await h.api(`/invoices?period=2026-03-01&renter_id=${ids.renter}`, { token: t.landlord })).body.data[0].id;
    const pdf = (await pdfText((await download(h, t.landlord, `/invoices/${id}/pdf`)).bytes)).replace(/\s+/g, ' ');
    expect(pdf).toContain('Электроэнергия, счётчик № E-1: 1 000 → 1 250 = 250 кВт·ч × 25,50');
    expect(pdf).toContain('Холодная вода, счётчик № W-1: 10 → 22,5 = 12,5 м³ × 150,00');
    const act = textOf((await download(h, t.landlord, `/invoices/${id}/act`)).bytes).replace(/\s+/g, ' ');
    expect(act).toContain(
      `Коммунальные услуги за март 2026, Электроэнергия, счётчик № E-1: 1 000 → 1 250 = 250 кВт·ч × 25,50, договор № U-1 — 6 375,00 + 765,00 = 7 140,00`,
    );
    // Again: nothing more, and the preview shows them posted.
    expect(await run('2026-03-01')).toEqual(expect.objectContaining({ charges: 0, invoices: 0 }));
    expect((await preview('2026-03-01')).map((l) => l.posted)).toEqual([true, true]);
    const posted = await h.db.select({ id: charges.id }).from(charges).where(eq(charges.meterId, ids.e1));
    expect(posted).toHaveLength(1);
  });

  it('another landlord’s meters never reach this landlord’s invoices, and its own run bills them to its own tenant', async () => {
    const mine = (await h.db.select({ landlordId: charges.landlordId, meterId: charges.meterId }).from(charges).where(eq(charges.kind, 'utility'))).filter(
      (c) => c.landlordId === ids.landlord,
    );
    expect(mine.map((c) => c.meterId).sort()).toEqual([ids.e1, ids.w1].sort());
    expect((await preview('2026-03-01', t.landlord2)).map((l) => [l.utility?.serial, l.renter.id, l.amount])).toEqual([['E-1', ids.other, '10000.00']]);
    await run('2026-03-01', t.landlord2);
    expect((await invoiced('2026-03-01', ids.other, t.landlord2)).map((l) => [l.utility?.serial, l.utility?.consumption, l.amount])).toEqual([
      ['E-1', '10.000', '10000.00'],
    ]);
    expect((await h.api(`/invoices?period=2026-03-01&renter_id=${ids.other}`, { token: t.landlord })).body.data).toEqual([]);
  });

  it('a month without a reading is billed by the last three months’ average, marked estimated; the next reading corrects it, below zero too', async () => {
    await run('2026-04-01');
    // January (600 → 800, from the initial reading), February (800 → 1000) from readings, March as billed (250): 216.667 kWh.
    const april = await invoiced('2026-04-01');
    expect(april.map(row)[0]).toEqual(['E-1', null, null, '216.667', '25.5000', true, '5525.01', '663.00']);

    await reading(ids.e1, '2026-05-01', '1600');
    await run('2026-05-01');
    // 1250 → 1600 is 350 kWh, of which 216.667 were billed in April.
    expect((await invoiced('2026-05-01')).map(row)[0]).toEqual(['E-1', '1250.000', '1600.000', '133.333', '25.5000', false, '3399.99', '408.00']);

    await run('2026-06-01');
    // March 250, April 216.667, May 133.333: 200 a month.
    expect((await invoiced('2026-06-01')).map(row)[0]).toEqual(['E-1', null, null, '200.000', '25.5000', true, '5100.00', '612.00']);
    await reading(ids.e1, '2026-07-01', '1700');
    await run('2026-07-01');
    // 100 kWh used since May, 200 estimated for June: 100 back.
    expect((await invoiced('2026-07-01')).map(row)[0]).toEqual(['E-1', '1600.000', '1700.000', '-100.000', '25.5000', false, '-2550.00', '-306.00']);
  });

  it('a tariff changing inside the month is prorated by days; the line shows the mean', async () => {
    await h.db.insert(tariffs).values({ landlordId: ids.landlord, type: 'electricity', startsOn: '2026-08-11', price: '30' });
    await reading(ids.e1, '2026-08-01', '2010');
    expect((await preview('2026-08-01')).find((l) => l.utility?.serial === 'E-1')?.utility?.tariff).toBe('28.5484');
    await run('2026-08-01');
    // 310 kWh × (10 days × 25.50 + 21 days × 30) / 31 = 8850.
    expect((await invoiced('2026-08-01')).map(row)[0]).toEqual(['E-1', '1700.000', '2010.000', '310.000', '28.5484', false, '8850.00', '1062.00']);
  });

  it('a replaced meter bills to its final reading and its successor from its initial one, both on the invoice', async () => {
    await h.db.update(meters).set({ removedOn: '2026-09-15', finalReading: '2100' }).where(eq(meters.id, ids.e1));
    await reading(ids.e1, '2026-09-01', '2100', 'replacement');
    const e2 = await meter({ roomId: ids.room, type: 'electricity', serial: 'E-2', installedOn: '2026-09-15', initialReading: '5', replacesId: ids.e1 });
    await reading(e2, '2026-09-01', '45');
    await run('2026-09-01');
    expect((await invoiced('2026-09-01')).filter((l) => l.utility?.type === 'electricity').map(row)).toEqual([
      ['E-1', '2010.000', '2100.000', '90.000', '30.0000', false, '2700.00', '324.00'],
      ['E-2', '5.000', '45.000', '40.000', '30.0000', false, '1200.00', '144.00'],
    ]);
    // Removed in September: not in service in October.
    expect((await preview('2026-10-01')).some((l) => l.utility?.serial === 'E-1')).toBe(false);
  });

  it("the common area's consumption, less its units', is shared by leased area when the landlord turns it on; a tenant without a lease is billed its unit", async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Общие счётчики»', [40, 60]);
    const [a, b] = centre.rooms.map((r) => ({ id: r.id })) as [{ id: string }, { id: string }];
    const made = await h.api('/renters', {
      token: t.landlord,
      body: {
        legal_name: 'ТОО «Сосед»',
        bin_iin: withCheckDigit('90050140088'),
        trade_point_name: 'Сосед',
        trade_category: 'Обувь',
        room_id: b.id,
        lease_contract_date: '2026-09-01',
        trade_area: 60,
        contact_full_name: 'Айдар Серикбаев',
        contact_position: 'Директор',
        phone: '+77071234588',
        email: 'neighbour@example.kz',
        legal_address: 'Алматы, ул. Абая, 1',
        username: 'utility.neighbour',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    ids.neighbour = made.body.id;
    for (const [renterId, room, number] of [
      [ids.renter, a.id, 'U-2'],
      [ids.neighbour, b.id, 'U-3'],
    ] as const) {
      const lease = await createLease(h, t.landlord, {
        number,
        renter_id: renterId,
        room_ids: [room],
        starts_on: '2026-10-01',
        ends_on: '2027-09-30',
        rate: '1000',
      });
      expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    }
    const own = { objectId: centre.id, type: 'hot_water' as const };
    const c1 = await meter({ ...own, roomId: null, serial: 'C-1' });
    const c2 = await meter({ ...own, roomId: null, serial: 'C-2' });
    const h1 = await meter({ ...own, roomId: a.id, serial: 'H-1' });
    const h2 = await meter({ ...own, roomId: b.id, serial: 'H-2' });
    for (const [id, september, october] of [
      [c1, '100', '350'],
      [c2, '10', '61'],
      [h1, '5', '35'],
      [h2, '20', '80'],
    ] as const) {
      await reading(id, '2026-09-01', september);
      await reading(id, '2026-10-01', october);
    }

    // September: the neighbour is registered in its unit, no lease yet; it is billed by its own meter, no lease named.
    const september = (await preview('2026-09-01')).filter((l) => l.utility?.type === 'hot_water');
    expect(september.map((l) => [l.utility?.serial, l.renter.id, l.contract_id, l.number, l.amount, l.utility?.common])).toEqual([
      ['H-2', ids.neighbour, null, '', '3999.80', false],
    ]);

    await h.db.insert(meterSettings).values({ landlordId: ids.landlord, shareCommon: true });
    const october = (await preview('2026-10-01')).filter((l) => l.utility?.type === 'hot_water');
    // Common: 250 + 51 = 301 m³ less the units' 30 + 60 = 211 m³ × 199.99 = 42197.89, shared 40 : 60 m²
    // (16879.156 and 25318.734: the larger remainder takes the tiyn left).
    const shares = october.filter((l) => l.utility?.common);
    expect(shares.map((l) => [l.renter.id, l.utility?.serial, l.utility?.consumption, l.amount])).toEqual([
      [ids.renter, 'C-1', '84.400', '16879.16'],
      [ids.neighbour, 'C-1', '126.600', '25318.73'],
    ]);
    expect(sum(shares.map((l) => l.amount))).toBe('42197.89');
    expect(october.filter((l) => !l.utility?.common).map((l) => [l.utility?.serial, l.renter.id, l.amount])).toEqual([
      ['H-1', ids.renter, '5999.70'],
      ['H-2', ids.neighbour, '11999.40'],
    ]);
    await run('2026-10-01');
    const mine = (await invoiced('2026-10-01')).filter((l) => l.utility?.type === 'hot_water');
    expect(mine.map((l) => [l.utility?.serial, l.utility?.common, l.utility?.previous, l.utility?.consumption, l.amount, l.contract?.number])).toEqual([
      ['C-1', true, null, '84.400', '16879.16', 'U-2'],
      ['H-1', false, '5.000', '30.000', '5999.70', 'U-2'],
    ]);
    const theirs = await invoiced('2026-10-01', ids.neighbour);
    expect(theirs.map((l) => [l.utility?.serial, l.amount])).toEqual([
      ['C-1', '25318.73'],
      ['H-2', '11999.40'],
    ]);
    expect(hundredths(sum([...mine, ...theirs].filter((l) => l.utility?.common).map((l) => l.amount)))).toBe(hundredths('42197.89'));
    expect((await run('2026-10-01')).charges).toBe(0);
  });
});
