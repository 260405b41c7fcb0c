import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { employeeAccess, employees, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, uploadImport } from '../support/imports';

type Employee = { id: string; username: string; full_name: string; position: string | null; email: string };

describeEachDatabase('imports: employees', (h) => {
  const t = { landlord: '', employee: '' };
  const listed = async () => (await h.api('/employee?limit=100', { token: t.landlord })).body.data as Employee[];

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
  });

  it('template round trip by login: new ones with their login, a changed one keeps its id, the same file twice changes nothing', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/employees', { lang: 'ru' });
    expect(template.status).toBe(200);
    expect((await readBook(template.bytes)).worksheets[0]?.getRow(1).getCell(1).value).toBe('Логин');
    const row = (username: string, name: string, position: string) => [
      username,
      name,
      `${username}@example.kz`,
      '',
      '',
      'Эксплуатация',
      '',
      position,
      '8 701 555 11 22',
      'kk',
    ];
    const first = await fillTemplate(template.bytes, [
      row('imp.one', 'Первый Импорт', 'Инженер'),
      row('IMP.TWO', 'Второй Импорт', 'Техник'),
      row('renter', 'Занятый Логин', 'Кассир'),
    ]);
    const up = await uploadImport(h, t.landlord, 'employees', first, 'staff.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.counts).toEqual({ total: 3, new: 2, changed: 0, unchanged: 0, wrong: 1, skipped: 0 });
    // A login another account holds (here a renter's) is the row's error, never that account changed.
    expect(up.body.errors).toEqual([{ row: 5, column: 'username', column_name: 'Username', message: 'This username is already taken' }]);

    const fixed = await fillTemplate(template.bytes, [row('imp.one', 'Первый Импорт', 'Инженер'), row('IMP.TWO', 'Второй Импорт', 'Техник')]);
    const ok = await uploadImport(h, t.landlord, 'employees', fixed, 'staff.xlsx', 'en');
    expect((await callImports(h, t.landlord, `/imports/${ok.body.id}/commit`, { method: 'POST' })).body.status).toBe('committed');
    const one = (await listed()).find((e) => e.username === 'imp.one');
    expect(one).toMatchObject({ full_name: 'Первый Импорт', position: 'Инженер', email: 'imp.one@example.kz' });

    const same = await uploadImport(h, t.landlord, 'employees', fixed, 'staff.xlsx', 'en');
    expect(same.body.counts).toEqual({ total: 2, new: 0, changed: 0, unchanged: 2, wrong: 0, skipped: 0 });
    const promoted = await fillTemplate(template.bytes, [row('Imp.One', 'Первый Импорт', 'Главный инженер')]);
    const change = await uploadImport(h, t.landlord, 'employees', promoted, 'staff.xlsx', 'en');
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    expect(change.body.counts).toMatchObject({ new: 0, changed: 1 });
    await callImports(h, t.landlord, `/imports/${change.body.id}/commit`, { method: 'POST' });
    expect((await listed()).find((e) => e.id === one?.id)).toMatchObject({ username: 'imp.one', position: 'Главный инженер' });
  });

  it('an employee imports employees only with an employees level that allows creating', async () => {
    expect((await callImports(h, t.employee, '/import-templates/employees')).status).toBe(200);
    const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
    const grant = and(eq(employeeAccess.employeeId, me?.id ?? ''), eq(employeeAccess.module, 'employees'));
    await h.db.update(employeeAccess).set({ level: 'executor' }).where(grant);
    try {
      expect((await callImports(h, t.employee, '/import-templates/employees')).status).toBe(403);
    } finally {
      await h.db.update(employeeAccess).set({ level: 'creator' }).where(grant);
    }
  });
});
