import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { consumption } from '#/shared/meters';
import { charges, invoices, meterReadingEvents, meterReadings, meters, renters, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { sheetOf, uploadImport } from '../support/imports';
import { meterHeader, meterImportBench, readingHeader } from '../support/meter-imports';

describeEachDatabase('imports: meter readings', (h) => {
  const s = meterImportBench(h);
  const { t, units, meterBySerial, readingsOf, commit } = s;

  // The meters the readings are of, as the meters' own import leaves them.
  beforeAll(async () => {
    await s.importMeters([
      [s.objectName, units[0], 'electricity', 'EL-100', null, null, null, '2026-01-15', null, null],
      [s.objectName, units[0], 'cold_water', 'CW-100', null, 5, null, '2026-01-15', null, '12.5'],
      [s.objectName, null, 'electricity', 'EL-COMMON', null, 7, 40, '2026-01-15', null, '1000'],
      [s.objectName, units[1], 'hot_water', 'HW-200', null, null, null, '2026-01-15', null, null],
      [s.objectName, units[1], 'heat', 'HT-200', null, 4, null, '2026-01-15', null, 9950],
    ]);
  });

  it('readings of two months: accepted from the import with their history, consumption from them, a fall without a rollover flagged', async () => {
    const rows = [
      ['Электроэнергия', 'EL-100', '09.2026', 1200],
      ['electricity', 'EL-100', '2026-10', '1 450,5'],
      // Below September's and far from the end of the dial: flagged for a person.
      ['cold water', 'CW-100', '09.2026', '300'],
      ['cold_water', 'CW-100', '10.2026', '290'],
      // 9,950 on a dial of four digits rolls over to 30: no flag.
      ['heat', 'HT-200', '10.2026', 30],
      // The common meter: its multiplier counts.
      ['electricity', 'EL-COMMON', '01.10.2026', 1010],
    ];
    const file = await sheetOf([readingHeader, ...rows]);
    const up = await uploadImport(h, t.landlord, 'meter_readings', file, 'readings.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.errors).toEqual([]);
    expect(up.body.counts).toEqual({ total: 6, new: 6, changed: 0, unchanged: 0, wrong: 0, skipped: 0 });
    const done = await commit(t.landlord, up.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const el = await readingsOf('EL-100');
    expect(el.map((r) => ({ period: r.period, value: r.value, status: r.status, source: r.source, flags: r.flags }))).toEqual([
      { period: '2026-09-01', value: '1200.000', status: 'accepted', source: 'import', flags: [] },
      { period: '2026-10-01', value: '1450.500', status: 'accepted', source: 'import', flags: [] },
    ]);
    expect(consumption(el[0]?.value ?? '', el[1]?.value ?? '', 6, '1')).toBe('250.500');
    const cw = await readingsOf('CW-100');
    expect(cw.map((r) => [r.period, r.value, r.flags])).toEqual([
      ['2026-09-01', '300.000', []],
      ['2026-10-01', '290.000', ['lower']],
    ]);
    const ht = await readingsOf('HT-200');
    expect(ht.map((r) => [r.value, r.flags])).toEqual([['30.000', []]]);
    expect(consumption('9950', ht[0]?.value ?? '', 4, '1')).toBe('80.000');
    expect((await readingsOf('EL-COMMON')).map((r) => [r.value, r.flags])).toEqual([['1010.000', []]]);
    expect(consumption('1000', '1010', 7, '40')).toBe('400.000');

    // Each reading's history: written by the import, accepted, its file named.
    const [landlordUser] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'landlord'));
    const events = await h.db
      .select()
      .from(meterReadingEvents)
      .where(
        inArray(
          meterReadingEvents.readingId,
          [...el, ...cw].map((r) => r.id),
        ),
      );
    expect(events).toHaveLength(4);
    for (const e of events) {
      expect(e).toMatchObject({ event: 'reading.import', fromStatus: null, toStatus: 'accepted', comment: 'readings.xlsx', actorUserId: landlordUser?.id });
    }
    expect(el.every((r) => r.submittedBy === landlordUser?.id && r.decidedBy === landlordUser?.id)).toBe(true);

    // The same file again changes nothing: no new value, no new history.
    const again = await uploadImport(h, t.landlord, 'meter_readings', file, 'readings.xlsx', 'en');
    expect(again.body.counts).toEqual({ total: 6, new: 0, changed: 0, unchanged: 6, wrong: 0, skipped: 0 });
    expect((await commit(t.landlord, again.body.id)).body.status).toBe('committed');
    expect(await readingsOf('EL-100')).toEqual(el);
    expect(
      await h.db
        .select()
        .from(meterReadingEvents)
        .where(
          inArray(
            meterReadingEvents.readingId,
            [...el, ...cw].map((r) => r.id),
          ),
        ),
    ).toHaveLength(4);
  });

  it("a month three times the meter's mean is flagged; a tenant's submitted reading is taken over as accepted", async () => {
    const months = ['2026-05', '2026-06', '2026-07', '2026-08'];
    // 100 a month from the initial 0, then 400 in one month: over three times the mean of 100.
    const file = await sheetOf([readingHeader, ...months.map((m, i) => ['hot_water', 'HW-200', m, (i + 1) * 100]), ['hot_water', 'HW-200', '2026-09', 800]]);
    const up = await uploadImport(h, t.landlord, 'meter_readings', file, 'spike.xlsx', 'en');
    expect(up.body.counts).toMatchObject({ new: 5, wrong: 0 });
    expect((await commit(t.landlord, up.body.id)).status).toBe(200);
    expect((await readingsOf('HW-200')).map((r) => [r.period, r.flags])).toEqual([
      ['2026-05-01', []],
      ['2026-06-01', []],
      ['2026-07-01', []],
      ['2026-08-01', []],
      ['2026-09-01', ['spike']],
    ]);

    // A tenant's reading waiting for a decision: the import overwrites it, accepted, from `submitted`;
    // below September's stored reading, it is flagged against it.
    const meter = await meterBySerial('HW-200');
    const [tenantUser] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter'));
    const [submitted] = await h.db
      .insert(meterReadings)
      .values({
        landlordId: s.landlordId,
        meterId: meter?.id ?? '',
        period: '2026-10-01',
        value: '850',
        status: 'submitted',
        source: 'tenant',
        submittedBy: tenantUser?.id,
      })
      .returning();
    const fix = await uploadImport(h, t.landlord, 'meter_readings', await sheetOf([readingHeader, ['hot_water', 'HW-200', '10.2026', 790]]), 'fix.xlsx');
    expect(fix.body.counts).toMatchObject({ changed: 1, wrong: 0 });
    expect((await commit(t.landlord, fix.body.id)).status).toBe(200);
    const [taken] = await h.db
      .select()
      .from(meterReadings)
      .where(eq(meterReadings.id, submitted?.id ?? ''));
    expect(taken).toMatchObject({ value: '790.000', status: 'accepted', source: 'import', flags: ['lower'] });
    const history = await h.db
      .select()
      .from(meterReadingEvents)
      .where(eq(meterReadingEvents.readingId, submitted?.id ?? ''));
    expect(history.map((e) => [e.event, e.fromStatus, e.toStatus, e.value])).toEqual([['reading.import', 'submitted', 'accepted', '790.000']]);
  });

  it('a reading already on an invoice is the row\'s error, and is not overwritten; a meter not yours is "not found"', async () => {
    const meter = await meterBySerial('EL-100');
    const [renter] = await h.db.select({ id: renters.id }).from(renters).where(eq(renters.landlordId, s.landlordId)).limit(1);
    const [invoice] = await h.db
      .insert(invoices)
      .values({ landlordId: s.landlordId, renterId: renter?.id ?? '', period: '2026-10-01', dueOn: '2026-11-10' })
      .returning({ id: invoices.id });
    await h.db.insert(charges).values({
      landlordId: s.landlordId,
      renterId: renter?.id ?? '',
      period: '2026-10-01',
      kind: 'utility',
      amount: '5000',
      meterId: meter?.id,
      previous: '1200',
      current: '1450.5',
      consumption: '250.5',
      tariff: '20',
      invoiceId: invoice?.id,
    });

    // landlord2's own meter of a serial this landlord's file names.
    const theirs = await uploadImport(
      h,
      t.landlord2,
      'meters',
      await sheetOf([meterHeader, [s.otherObject, null, 'gas', 'SHARED-1', null, null, null, '01.01.2026', null, null]]),
      'theirs.xlsx',
    );
    expect((await commit(t.landlord2, theirs.body.id)).status).toBe(200);

    const file = await sheetOf([
      readingHeader,
      ['electricity', 'EL-100', '10.2026', 1500],
      ['electricity', 'EL-100', '11.2026', 1600],
      ['gas', 'SHARED-1', '10.2026', 5],
    ]);
    const up = await uploadImport(h, t.landlord, 'meter_readings', file, 'billed.xlsx', 'en');
    expect(up.body.counts).toEqual({ total: 3, new: 1, changed: 0, unchanged: 0, wrong: 2, skipped: 0 });
    expect(up.body.errors).toEqual([
      { row: 2, column: 'value', column_name: 'Reading', message: "This month's reading is already on an invoice: a file does not change it" },
      { row: 4, column: 'serial', column_name: 'Serial number', message: 'No meter of yours of type “Gas” has serial number SHARED-1' },
    ]);
    expect((await commit(t.landlord, up.body.id)).status).toBe(409);
    expect((await readingsOf('EL-100')).map((r) => r.value)).toEqual(['1200.000', '1450.500']);

    // Nor is landlord2's meter this landlord's: a meter of the same serial here is a new one of its own.
    const mine = await uploadImport(
      h,
      t.landlord,
      'meters',
      await sheetOf([meterHeader, [s.objectName, null, 'gas', 'SHARED-1', null, null, null, '01.01.2026', null, null]]),
      'mine.xlsx',
    );
    expect(mine.body.counts).toMatchObject({ new: 1, changed: 0, wrong: 0 });
    expect((await commit(t.landlord, mine.body.id)).status).toBe(200);
    const shared = await h.db.select({ landlordId: meters.landlordId }).from(meters).where(eq(meters.serial, 'SHARED-1'));
    expect(shared).toHaveLength(2);
    const theirsNow = await h.db
      .select({ id: meterReadings.id })
      .from(meterReadings)
      .innerJoin(meters, eq(meters.id, meterReadings.meterId))
      .where(eq(meters.serial, 'SHARED-1'));
    expect(theirsNow).toEqual([]);
  });
});
