import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { consumption } from '#/shared/meters';
import { charges, employeeAccess, employees, invoices, meterReadingEvents, meterReadings, meters, renters, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, sheetOf, uploadImport } from '../support/imports';

const meterHeader = ['object', 'number', 'type', 'serial', 'place', 'digits', 'multiplier', 'installed_on', 'verified_until', 'initial_reading'];
const readingHeader = ['type', 'serial', 'period', 'value'];

describeEachDatabase('imports: meters and their readings', (h) => {
  const t = { landlord: '', employee: '', landlord2: '' };
  let landlordId = '';
  let objectName = '';
  let otherObject = '';
  const units: string[] = [];

  const metersOf = (landlord: string) => h.db.select().from(meters).where(eq(meters.landlordId, landlord)).orderBy(asc(meters.serial));
  const meterBySerial = async (serial: string) =>
    (
      await h.db
        .select()
        .from(meters)
        .where(and(eq(meters.landlordId, landlordId), eq(meters.serial, serial)))
    )[0];
  const readingsOf = async (serial: string) => {
    const meter = await meterBySerial(serial);
    return h.db
      .select()
      .from(meterReadings)
      .where(eq(meterReadings.meterId, meter?.id ?? ''))
      .orderBy(asc(meterReadings.period));
  };
  const commit = (token: string, id: string, lang = 'en') => callImports(h, token, `/imports/${id}/commit`, { method: 'POST', lang });

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    landlordId = (await h.api('/user/landlord', { token: t.landlord })).body.id;
    const object = (await h.api('/objects', { token: t.landlord })).body.data[0];
    objectName = object.name;
    const rooms = (await h.api(`/objects/${object.id}/rooms`, { token: t.landlord })).body as { number: string }[];
    units.push(...rooms.slice(0, 2).map((r) => r.number));
    otherObject = (await h.api('/objects', { token: t.landlord2 })).body.data[0].name;
  });

  it("templates: the columns in the caller's language, the types as it names them", async () => {
    const en = await callImports(h, t.landlord, '/import-templates/meters', { lang: 'en' });
    expect(en.status).toBe(200);
    const book = await readBook(en.bytes);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
      'Property',
      'Unit number',
      'Meter type',
      'Serial number',
      'Place',
      'Digits',
      'Multiplier',
      'Installed on',
      'Verified until',
      'Initial reading',
    ]);
    const notes = book.getWorksheet('Notes');
    const typeNote = notes?.getRows(1, 20)?.find((r) => r.getCell(1).value === 'Meter type');
    expect(typeNote?.getCell(3).value).toBe('One of: Electricity, Cold water, Hot water, Heat, Gas. Key: an existing record is found by it');

    const kk = await callImports(h, t.landlord, '/import-templates/meter_readings', { lang: 'kk' });
    expect(kk.status).toBe(200);
    expect((await readBook(kk.bytes)).worksheets[0]?.getRow(1).values).toEqual([undefined, 'Есептегіш түрі', 'Зауыттық нөмірі', 'Ай', 'Көрсеткіш']);
    const ru = await callImports(h, t.landlord, '/import-templates/meter_readings', { lang: 'ru' });
    expect((await readBook(ru.bytes)).worksheets[0]?.getRow(1).values).toEqual([undefined, 'Тип счётчика', 'Заводской номер', 'Месяц', 'Показание']);
  });

  it('a file with errors shows them by row and column and commits nothing', async () => {
    const before = await metersOf(landlordId);
    const file = await sheetOf([
      meterHeader,
      [objectName, units[0], 'electricity', 'E-OK', null, null, null, '01.01.2026', null, null],
      [otherObject, units[0], 'electricity', 'E-2', null, null, null, '01.01.2026', null, null],
      [objectName, 'нет-такого', 'gas', 'G-1', null, null, null, '01.01.2026', null, null],
      [objectName, null, 'вода', 'W-1', null, null, null, '01.01.2026', null, null],
      [objectName, null, 'heat', 'H-1', null, 11, '0', '01.01.2026', '01.01.2025', null],
      [objectName, null, 'Electricity', 'e-ok', null, null, null, '01.01.2026', null, null],
      [objectName, null, 'heat', 'H-2', null, 4, null, '01.01.2026', null, '12000'],
    ]);
    const up = await uploadImport(h, t.landlord, 'meters', file, 'meters.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.counts).toEqual({ total: 7, new: 1, changed: 0, unchanged: 0, wrong: 6, skipped: 0 });
    expect(up.body.errors).toEqual([
      { row: 3, column: 'object', column_name: 'Property', message: `Property “${otherObject}” is not among your properties` },
      { row: 4, column: 'number', column_name: 'Unit number', message: `Unit нет-такого not found in property “${objectName}”` },
      { row: 5, column: 'type', column_name: 'Meter type', message: 'Must be one of: Electricity, Cold water, Hot water, Heat, Gas' },
      { row: 6, column: 'digits', column_name: 'Digits', message: 'Digits: a whole number from 1 to 10' },
      {
        row: 6,
        column: 'multiplier',
        column_name: 'Multiplier',
        message: 'Multiplier: a number above 0, up to 6 digits before the point and three after',
      },
      { row: 6, column: 'verified_until', column_name: 'Verified until', message: 'Verification cannot end before the meter was installed' },
      // The type named in another word is the same key.
      { row: 7, column: 'serial', column_name: 'Serial number', message: 'Repeats row 2' },
      { row: 8, column: 'initial_reading', column_name: 'Initial reading', message: 'The reading does not fit a dial of 4 digits' },
    ]);
    const refused = await commit(t.landlord, up.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('import_has_errors');
    expect(await metersOf(landlordId)).toEqual(before);

    // In Russian, the same rows say the same in the caller's words.
    const ru = (await callImports(h, t.landlord, `/imports/${up.body.id}`, { lang: 'ru' })).body;
    expect(ru.errors[2]).toEqual({
      row: 5,
      column: 'type',
      column_name: 'Тип счётчика',
      message: 'Допустимо одно из: Электроэнергия, Холодная вода, Горячая вода, Тепло, Газ',
    });
    const report = await callImports(h, t.landlord, `/imports/${up.body.id}/errors`, { lang: 'ru' });
    const ws = (await readBook(report.bytes)).worksheets[0];
    expect(ws?.getRow(1).getCell(11).value).toBe('Ошибки');
    expect(ws?.getRow(4).getCell(11).value).toBe(`Помещение нет-такого не найдено в объекте «${objectName}»`);
  });

  it('a good file commits: types in any language, the common area, defaults; the same file again changes nothing', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/meters', { lang: 'ru' });
    const rows = [
      [objectName, units[0], 'Электроэнергия', 'EL-100', 'Щит 1', null, null, '15.01.2026', '15.01.2032', null],
      [objectName, units[0], 'суық су', 'CW-100', null, 5, null, '15.01.2026', null, '12,5'],
      [objectName, null, 'electricity', 'EL-COMMON', 'ВРУ', 7, 40, '2026-01-15', null, '1000'],
      [objectName, units[1], 'hot_water', 'HW-200', null, null, null, '15.01.2026', null, null],
      [objectName, units[1], 'Тепло', 'HT-200', null, 4, null, '15.01.2026', null, 9950],
    ];
    const file = await fillTemplate(template.bytes, rows);
    const up = await uploadImport(h, t.landlord, 'meters', file, 'счётчики.xlsx', 'ru');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ status: 'checked', entity: 'meters', errors: [] });
    expect(up.body.counts).toEqual({ total: 5, new: 5, changed: 0, unchanged: 0, wrong: 0, skipped: 0 });
    const done = await commit(t.landlord, up.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('committed');

    const saved = await h.db
      .select({
        serial: meters.serial,
        type: meters.type,
        room: meters.roomId,
        place: meters.place,
        digits: meters.digits,
        multiplier: meters.multiplier,
        installedOn: meters.installedOn,
        verifiedUntil: meters.verifiedUntil,
        initialReading: meters.initialReading,
      })
      .from(meters)
      .where(and(eq(meters.landlordId, landlordId), inArray(meters.serial, ['EL-100', 'CW-100', 'EL-COMMON', 'HW-200', 'HT-200'])))
      .orderBy(asc(meters.serial));
    expect(saved.map(({ room, ...m }) => ({ ...m, common: room === null }))).toEqual([
      {
        serial: 'CW-100',
        type: 'cold_water',
        place: null,
        digits: 5,
        multiplier: '1.000',
        installedOn: '2026-01-15',
        verifiedUntil: null,
        initialReading: '12.500',
        common: false,
      },
      {
        serial: 'EL-100',
        type: 'electricity',
        place: 'Щит 1',
        digits: 6,
        multiplier: '1.000',
        installedOn: '2026-01-15',
        verifiedUntil: '2032-01-15',
        initialReading: '0.000',
        common: false,
      },
      {
        serial: 'EL-COMMON',
        type: 'electricity',
        place: 'ВРУ',
        digits: 7,
        multiplier: '40.000',
        installedOn: '2026-01-15',
        verifiedUntil: null,
        initialReading: '1000.000',
        common: true,
      },
      {
        serial: 'HT-200',
        type: 'heat',
        place: null,
        digits: 4,
        multiplier: '1.000',
        installedOn: '2026-01-15',
        verifiedUntil: null,
        initialReading: '9950.000',
        common: false,
      },
      {
        serial: 'HW-200',
        type: 'hot_water',
        place: null,
        digits: 6,
        multiplier: '1.000',
        installedOn: '2026-01-15',
        verifiedUntil: null,
        initialReading: '0.000',
        common: false,
      },
    ]);

    // The same file again: every row unchanged, and its commit writes nothing.
    const before = await metersOf(landlordId);
    const again = await uploadImport(h, t.landlord, 'meters', file, 'счётчики.xlsx', 'ru');
    expect(again.body.counts).toEqual({ total: 5, new: 0, changed: 0, unchanged: 5, wrong: 0, skipped: 0 });
    expect((await commit(t.landlord, again.body.id)).body.status).toBe('committed');
    expect(await metersOf(landlordId)).toEqual(before);

    // A new place is a change of the same meter; another unit is refused (a replacement moves a meter).
    const moved = await uploadImport(
      h,
      t.landlord,
      'meters',
      await fillTemplate(template.bytes, [
        [objectName, units[0], 'electricity', 'EL-100', 'Щит 2', null, null, '15.01.2026', '15.01.2032', null],
        [objectName, units[0], 'hot water', 'HW-200', null, null, null, '15.01.2026', null, null],
      ]),
      'moved.xlsx',
      'en',
    );
    expect(moved.body.counts).toMatchObject({ changed: 1, wrong: 1 });
    expect(moved.body.errors).toEqual([
      {
        row: 4,
        column: 'number',
        column_name: 'Unit number',
        message: 'The meter with this serial is in another unit: a file does not move meters, replace it on its page',
      },
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
      .values({ landlordId, meterId: meter?.id ?? '', period: '2026-10-01', value: '850', status: 'submitted', source: 'tenant', submittedBy: tenantUser?.id })
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
    const [renter] = await h.db.select({ id: renters.id }).from(renters).where(eq(renters.landlordId, landlordId)).limit(1);
    const [invoice] = await h.db
      .insert(invoices)
      .values({ landlordId, renterId: renter?.id ?? '', period: '2026-10-01', dueOn: '2026-11-10' })
      .returning({ id: invoices.id });
    await h.db.insert(charges).values({
      landlordId,
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
      await sheetOf([meterHeader, [otherObject, null, 'gas', 'SHARED-1', null, null, null, '01.01.2026', null, null]]),
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
      await sheetOf([meterHeader, [objectName, null, 'gas', 'SHARED-1', null, null, null, '01.01.2026', null, null]]),
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

  it('who: an employee imports meters from the meters level that creates, readings from the one that edits; none without it', async () => {
    const meterFile = await sheetOf([meterHeader, [objectName, null, 'gas', 'EMP-1', null, null, null, '01.01.2026', null, null]]);
    const readingFile = await sheetOf([readingHeader, ['gas', 'EMP-1', '10.2026', 1]]);
    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, 'meters'));
    try {
      await h.db.update(employeeAccess).set({ level: 'view' }).where(grant);
      for (const entity of ['meters', 'meter_readings']) {
        expect((await callImports(h, t.employee, `/import-templates/${entity}`)).status).toBe(403);
        expect((await uploadImport(h, t.employee, entity, entity === 'meters' ? meterFile : readingFile, 'x.xlsx')).status).toBe(403);
      }
      await h.db.update(employeeAccess).set({ level: 'employee' }).where(grant);
      const up = await uploadImport(h, t.employee, 'meters', meterFile, 'emp.xlsx');
      expect(up.status).toBe(201);
      expect((await commit(t.employee, up.body.id)).status).toBe(200);
      expect((await uploadImport(h, t.employee, 'meter_readings', readingFile, 'emp.xlsx')).status).toBe(403);
      await h.db.update(employeeAccess).set({ level: 'creator' }).where(grant);
      const readings = await uploadImport(h, t.employee, 'meter_readings', readingFile, 'emp.xlsx');
      expect(readings.status).toBe(201);
      expect(readings.body.counts).toMatchObject({ new: 1, wrong: 0 });
    } finally {
      await h.db.update(employeeAccess).set({ level: 'creator' }).where(grant);
    }
  });
});
