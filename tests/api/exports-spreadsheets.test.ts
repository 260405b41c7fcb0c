import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { translatorFor } from '#server/http/i18n';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, objectWithRooms, renterIdOf } from '../support/contracts';
import { send } from '../support/notices';
import { createAsRenter, firstRenterType } from '../support/requests';
import { createViolation, violationInputs } from '../support/violations';
import { downloadBook, expectDate, expectMoney, expectSpreadsheet } from '../support/xlsx';

// Every .xlsx export is a real spreadsheet: dates are dates, amounts and counts numbers, the header
// frozen, filtered and printed on each page, sheet names never cut mid-word.
describeEachDatabase('exports as spreadsheets', (h) => {
  const t = { landlord: '', employee: '', renter: '' };
  const ll = translatorFor({ headers: { 'accept-language': 'ru' } } as Parameters<typeof translatorFor>[0]);

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
  });

  it('the employees list', async () => {
    const book = await downloadBook(h, t.landlord, '/download/excel/employee', {});
    expectSpreadsheet(book, [ll.employees.title()]);
    expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('ФИО');
  });

  it('the requests journal: numbers, and times as Almaty dates', async () => {
    await createAsRenter(h, t.renter, await firstRenterType(h, t.renter), 'Течёт кран в санузле');
    const list = await h.api('/requests?limit=1', { token: t.landlord });
    const first = list.body.data[0] as { number: number; created_at: string; deadline_at: string; priority: string };
    const book = await downloadBook(h, t.landlord, '/download/excel/requests', {});
    expectSpreadsheet(book, [ll.requests.export.sheet()]);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe(first.number);
    expect(row.getCell(1).numFmt).toBe('0');
    const wall = (iso: string) => new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 23);
    expect((row.getCell(10).value as Date).getTime()).toBeCloseTo(new Date(`${wall(first.created_at)}Z`).getTime(), -1);
    expect(row.getCell(10).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(row.getCell(12).value).toBe(ll.sla.priorities[first.priority as 'normal']());
    expect((row.getCell(14).value as Date).getTime()).toBeCloseTo(new Date(`${wall(first.deadline_at)}Z`).getTime(), -1);
  });

  it('violations: the fine a number of tenge, the times Almaty dates', async () => {
    const inputs = await violationInputs(h, t.employee);
    const v = await createViolation(h, t.employee, {
      renter_id: inputs.renterId,
      type_id: inputs.typeId,
      occurred_at: '2026-11-20T19:30:00Z',
      deadline_at: '2026-11-25T04:00:00Z',
      description: 'Выставка товара в проходе',
      fine: '340000.00',
    });
    const book = await downloadBook(h, t.employee, '/download/excel/violations', { search: String(v.number) });
    expectSpreadsheet(book, [ll.violations.export.sheet()]);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe(v.number);
    // 19:30 UTC is half past midnight of the next day in Almaty.
    expectDate(row.getCell(7), '2026-11-21T00:30:00.000');
    expectMoney(row.getCell(9), 340000);
    expectDate(row.getCell(10), '2026-11-25T09:00:00.000');
  });

  it('notices to employees: the time a date, the files a count', async () => {
    const colleague = (await h.api('/user/all?role=employee', { token: t.landlord })).body[0] as { id: string };
    const sent = await send(h, t.landlord, '/employee-notifications', [
      ['message', 'Сверка таблиц'],
      ['recipients[0]', colleague.id],
    ]);
    expect(sent.status).toBe(201);
    const book = await downloadBook(h, t.landlord, `/employee-notifications/export?search=${encodeURIComponent('Сверка таблиц')}`);
    expectSpreadsheet(book, [ll.notices.employeesTitle()]);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBeInstanceOf(Date);
    expect(row.getCell(1).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(row.getCell(5).value).toBe(0);
    expect(row.getCell(5).numFmt).toBe('0');
  });

  it('a report: every table a sheet named by its title, days as dates, amounts in tenge', async () => {
    const period = `from=${almatyDay(-10)}&to=${almatyDay(0)}`;
    type Report = { figures: Array<{ unit: string }>; tables: Array<{ title: string; rows: Array<{ label: string }> }> };
    const requests = (await h.api(`/reports/requests?${period}`, { token: t.landlord })).body as Report;
    const book = await downloadBook(h, t.landlord, `/reports/requests/export?${period}`);
    expectSpreadsheet(book, [ll.reports.figures(), ...requests.tables.map((table, i) => `${i + 1}. ${table.title}`)]);
    const days = requests.tables.findIndex((table) => /^\d{4}-\d{2}-\d{2}$/.test(table.rows[0]?.label ?? ''));
    expect(days).toBeGreaterThanOrEqual(0);
    expectDate(book.worksheets[days + 1]!.getRow(2).getCell(1), almatyDay(-10));
    const fines = (await h.api(`/reports/violations?${period}`, { token: t.landlord })).body as Report;
    const money = fines.figures.findIndex((f) => f.unit === 'money');
    const figures = (await downloadBook(h, t.landlord, `/reports/violations/export?${period}`)).worksheets[0]!;
    expect(typeof figures.getRow(money + 2).getCell(2).value).toBe('number');
    expect(figures.getRow(money + 2).getCell(2).numFmt).toMatch(/#,##0\.00.*₸/);
  });

  it('the rent roll: a long property name shortened between words, amounts in tenge, the expiries sheet titled with the property', async () => {
    const name = 'Торгово-развлекательный центр «Ромашка Плаза»';
    const centre = await objectWithRooms(h, t.landlord, name, [100, 50]);
    const lease = await createLease(h, t.landlord, {
      renter_id: await renterIdOf(h, 'renter'),
      room_ids: [centre.rooms[0]!.id],
      rate: '3400',
      starts_on: almatyDay(-5),
      ends_on: almatyDay(40),
    });
    expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    const book = await downloadBook(h, t.landlord, `/contracts/rent-roll/export?object_id=${centre.id}`);
    expectSpreadsheet(book, [name, ll.contracts.rentRoll.expiries()]);
    const rooms = book.worksheets[0]!;
    expect(rooms.name).toBe('Торгово-развлекательный центр');
    const room = rooms.getRow(2);
    expect(room.getCell(3).value).toBe(100);
    expectMoney(room.getCell(6), 3400);
    expectMoney(room.getCell(7), 340000);
    expectDate(room.getCell(8), almatyDay(40));
    expectMoney(rooms.getRow(4).getCell(7), 340000);
    const ends = book.worksheets[1]!;
    expect(String(ends.getRow(1).getCell(1).value)).toContain(name);
    expect(ends.getRow(3).getCell(1).value).toEqual(new Date(`${almatyDay(40).slice(0, 7)}-01T00:00:00Z`));
    expectMoney(ends.getRow(3).getCell(4), 340000);
  });
});
