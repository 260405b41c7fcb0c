import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { employeeAccess, employees, imports, rooms, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, sheetOf, uploadImport } from '../support/imports';

type Room = { id: string; number: string; floor: number; area: number };

describeEachDatabase('imports: units', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', superadmin: '' };
  let objectId = '';
  let objectName = '';
  const roomsOf = async () => (await h.api(`/objects/${objectId}/rooms`, { token: t.landlord })).body as Room[];

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const object = (await h.api('/objects', { token: t.landlord })).body.data[0];
    objectId = object.id;
    objectName = object.name;
  });

  it('template round trip: new units created, a changed one keeps its id, the register lists them', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/units', { lang: 'en' });
    expect(template.status).toBe(200);
    const book = await readBook(template.bytes);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, 'Property', 'Unit number', 'Floor', 'Area, m²']);
    // The landlord's own objects are the list of allowed values; another landlord's are not in it.
    const lists = book.getWorksheet('lists');
    expect(lists?.state).toBe('hidden');
    expect(lists?.getCell(1, 1).value).toBe(objectName);

    const before = await roomsOf();
    const existing = before[0] as Room;
    const file = await fillTemplate(template.bytes, [
      [objectName, 'T-1', 1, 30],
      [objectName.toUpperCase(), 't-2', 2, '55,25'],
      [objectName, existing.number, existing.floor, existing.area + 1],
    ]);
    const up = await uploadImport(h, t.landlord, 'units', file, 'units.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ status: 'checked', entity: 'units', file_name: 'units.xlsx', errors: [] });
    expect(up.body.counts).toEqual({ total: 3, new: 2, changed: 1, unchanged: 0, wrong: 0, skipped: 0 });

    const done = await callImports(h, t.landlord, `/imports/${up.body.id}/commit`, { method: 'POST' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('committed');
    expect(done.body.history.map((e: { event: string }) => e.event)).toEqual(['import.created', 'import.check', 'import.commit']);

    const after = await roomsOf();
    expect(after).toHaveLength(before.length + 2);
    expect(after.find((r) => r.number === 'T-1')).toMatchObject({ floor: 1, area: 30 });
    expect(after.find((r) => r.number === 't-2')).toMatchObject({ floor: 2, area: 55.25 });
    expect(after.find((r) => r.id === existing.id)).toMatchObject({ number: existing.number, area: existing.area + 1 });

    // The same file again: nothing new, nothing changed.
    const again = await uploadImport(h, t.landlord, 'units', file, 'units.xlsx', 'en');
    expect(again.body.counts).toEqual({ total: 3, new: 0, changed: 0, unchanged: 3, wrong: 0, skipped: 0 });
    const twice = await callImports(h, t.landlord, `/imports/${again.body.id}/commit`, { method: 'POST' });
    expect(twice.body.status).toBe('committed');
    expect(await roomsOf()).toHaveLength(after.length);
  });

  it('two commits of one import at once: one writes, the other is refused, and the units are there once', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/units');
    const file = await fillTemplate(template.bytes, [
      [objectName, 'R-1', 1, 20],
      [objectName, 'R-2', 1, 21],
    ]);
    const up = await uploadImport(h, t.landlord, 'units', file, 'race.xlsx');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const both = await Promise.all([1, 2].map(() => callImports(h, t.landlord, `/imports/${up.body.id}/commit`, { method: 'POST' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await roomsOf()).filter((r) => r.number === 'R-1' || r.number === 'R-2')).toHaveLength(2);
  });

  it("a .csv with `;` is read; another landlord's property is not found; duplicates in the file are told", async () => {
    const other = (await h.api('/objects', { token: t.landlord2 })).body.data[0].name as string;
    const csv = ['object;number;floor;area', `${objectName};C-1;1;10`, `"${other}";C-2;1;10`, `${objectName};c-1;3;12`, ''].join('\r\n');
    const up = await uploadImport(h, t.landlord, 'units', Buffer.from(`\ufeff${csv}`), 'units.csv', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.counts).toEqual({ total: 3, new: 1, changed: 0, unchanged: 0, wrong: 2, skipped: 0 });
    expect(up.body.errors).toEqual([
      { row: 3, column: 'object', column_name: 'Property', message: `Property “${other}” is not among your properties` },
      { row: 4, column: 'number', column_name: 'Unit number', message: 'Repeats row 2' },
    ]);
    expect(up.body.actions).toEqual(['import.discard']);
  });

  it('all or nothing: a wrong last row refuses the commit and writes nothing', async () => {
    const before = await roomsOf();
    const file = await sheetOf([
      ['object', 'number', 'floor', 'area'],
      [objectName, 'A-1', 1, 10],
      [objectName, 'A-2', 1, 10],
      [objectName, 'A-3', 999, 10],
    ]);
    const up = await uploadImport(h, t.landlord, 'units', file, 'units.xlsx', 'en');
    expect(up.body.counts).toMatchObject({ new: 2, wrong: 1 });
    expect(up.body.errors).toEqual([{ row: 4, column: 'floor', column_name: 'Floor', message: 'Floor: a whole number from -5 to 200' }]);
    const refused = await callImports(h, t.landlord, `/imports/${up.body.id}/commit`, { method: 'POST', lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('import_has_errors');
    expect(await roomsOf()).toHaveLength(before.length);

    // The error report: the rows back with their errors, in the caller's language.
    const report = await callImports(h, t.landlord, `/imports/${up.body.id}/errors`, { lang: 'en' });
    expect(report.status).toBe(200);
    const ws = (await readBook(report.bytes)).worksheets[0];
    expect(ws?.getRow(1).getCell(5).value).toBe('Errors');
    expect(ws?.getRow(4).getCell(5).value).toBe('Floor: a whole number from -5 to 200');
    expect(ws?.getRow(2).getCell(5).value ?? '').toBe('');

    // The original file, and then the discard: the file is gone.
    const original = await callImports(h, t.landlord, `/imports/${up.body.id}/file`);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(file)).toBe(true);
    const discarded = await callImports(h, t.landlord, `/imports/${up.body.id}/discard`, { method: 'POST' });
    expect(discarded.body).toMatchObject({ status: 'discarded', actions: [] });
    expect((await callImports(h, t.landlord, `/imports/${up.body.id}/file`)).status).toBe(409);
    expect((await callImports(h, t.landlord, `/imports/${up.body.id}/discard`, { method: 'POST' })).status).toBe(409);
    const [row] = await h.db.select({ fileKey: imports.fileKey }).from(imports).where(eq(imports.id, up.body.id));
    expect(row?.fileKey).toBeNull();
  });

  it("who: units are the landlord's only; another landlord's import answers 404", async () => {
    const file = await sheetOf([
      ['object', 'number', 'floor', 'area'],
      [objectName, 'W-1', 1, 10],
    ]);
    for (const who of [t.employee, t.renter, t.superadmin]) {
      expect((await callImports(h, who, '/import-templates/units')).status).toBe(403);
      expect((await uploadImport(h, who, 'units', file, 'units.xlsx')).status).toBe(403);
    }
    const up = await uploadImport(h, t.landlord, 'units', file, 'units.xlsx');
    const id = up.body.id as string;
    for (const path of [`/imports/${id}`, `/imports/${id}/errors`, `/imports/${id}/file`]) {
      expect((await callImports(h, t.landlord2, path)).status).toBe(404);
    }
    for (const path of [`/imports/${id}/commit`, `/imports/${id}/discard`]) {
      expect((await callImports(h, t.landlord2, path, { method: 'POST' })).status).toBe(404);
    }
    expect((await callImports(h, t.landlord2, '/imports')).body.data).toEqual([]);
    const mine = (await callImports(h, t.landlord, '/imports?entity=units')).body;
    expect(mine.data[0]).toMatchObject({ id, entity: 'units', status: 'checked', created_by: { name: 'Айгерим Сейткали' } });
    // The employee may import tenants (renters at creator) but sees no units import.
    expect((await callImports(h, t.employee, '/imports')).body.data.map((i: { entity: string }) => i.entity)).not.toContain('units');
    expect((await callImports(h, t.employee, `/imports/${id}`)).status).toBe(403);
    expect((await callImports(h, t.renter, '/imports')).status).toBe(403);
    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    expect(employee).toBeTruthy();
    expect(
      await h.db
        .select()
        .from(employeeAccess)
        .where(eq(employeeAccess.employeeId, employee?.id ?? '')),
    ).not.toHaveLength(0);
    expect((await h.db.select().from(rooms).where(eq(rooms.number, 'W-1'))).length).toBe(0);
  });
});
