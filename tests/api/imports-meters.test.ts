import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { employeeAccess, employees, meters, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, sheetOf, uploadImport } from '../support/imports';
import { meterHeader, meterImportBench, readingHeader } from '../support/meter-imports';

describeEachDatabase('imports: meters', (h) => {
  const s = meterImportBench(h);
  const { t, units, metersOf, commit } = s;

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
    const before = await metersOf(s.landlordId);
    const file = await sheetOf([
      meterHeader,
      [s.objectName, units[0], 'electricity', 'E-OK', null, null, null, '01.01.2026', null, null],
      [s.otherObject, units[0], 'electricity', 'E-2', null, null, null, '01.01.2026', null, null],
      [s.objectName, 'нет-такого', 'gas', 'G-1', null, null, null, '01.01.2026', null, null],
      [s.objectName, null, 'вода', 'W-1', null, null, null, '01.01.2026', null, null],
      [s.objectName, null, 'heat', 'H-1', null, 11, '0', '01.01.2026', '01.01.2025', null],
      [s.objectName, null, 'Electricity', 'e-ok', null, null, null, '01.01.2026', null, null],
      [s.objectName, null, 'heat', 'H-2', null, 4, null, '01.01.2026', null, '12000'],
    ]);
    const up = await uploadImport(h, t.landlord, 'meters', file, 'meters.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.counts).toEqual({ total: 7, new: 1, changed: 0, unchanged: 0, wrong: 6, skipped: 0 });
    expect(up.body.errors).toEqual([
      { row: 3, column: 'object', column_name: 'Property', message: `Property “${s.otherObject}” is not among your properties` },
      { row: 4, column: 'number', column_name: 'Unit number', message: `Unit нет-такого not found in property “${s.objectName}”` },
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
    expect(await metersOf(s.landlordId)).toEqual(before);

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
    expect(ws?.getRow(4).getCell(11).value).toBe(`Помещение нет-такого не найдено в объекте «${s.objectName}»`);
  });

  it('a good file commits: types in any language, the common area, defaults; the same file again changes nothing', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/meters', { lang: 'ru' });
    const rows = [
      [s.objectName, units[0], 'Электроэнергия', 'EL-100', 'Щит 1', null, null, '15.01.2026', '15.01.2032', null],
      [s.objectName, units[0], 'суық су', 'CW-100', null, 5, null, '15.01.2026', null, '12,5'],
      [s.objectName, null, 'electricity', 'EL-COMMON', 'ВРУ', 7, 40, '2026-01-15', null, '1000'],
      [s.objectName, units[1], 'hot_water', 'HW-200', null, null, null, '15.01.2026', null, null],
      [s.objectName, units[1], 'Тепло', 'HT-200', null, 4, null, '15.01.2026', null, 9950],
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
      .where(and(eq(meters.landlordId, s.landlordId), inArray(meters.serial, ['EL-100', 'CW-100', 'EL-COMMON', 'HW-200', 'HT-200'])))
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
    const before = await metersOf(s.landlordId);
    const again = await uploadImport(h, t.landlord, 'meters', file, 'счётчики.xlsx', 'ru');
    expect(again.body.counts).toEqual({ total: 5, new: 0, changed: 0, unchanged: 5, wrong: 0, skipped: 0 });
    expect((await commit(t.landlord, again.body.id)).body.status).toBe('committed');
    expect(await metersOf(s.landlordId)).toEqual(before);

    // A new place is a change of the same meter; another unit is refused (a replacement moves a meter).
    const moved = await uploadImport(
      h,
      t.landlord,
      'meters',
      await fillTemplate(template.bytes, [
        [s.objectName, units[0], 'electricity', 'EL-100', 'Щит 2', null, null, '15.01.2026', '15.01.2032', null],
        [s.objectName, units[0], 'hot water', 'HW-200', null, null, null, '15.01.2026', null, null],
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

  it('who: an employee imports meters from the meters level that creates, readings from the one that edits; none without it', async () => {
    const meterFile = await sheetOf([meterHeader, [s.objectName, null, 'gas', 'EMP-1', null, null, null, '01.01.2026', null, null]]);
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
