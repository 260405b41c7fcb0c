import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { employees, users } from '#server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const RU_HEADERS = ['ФИО', 'ИИН', 'Юридическое лицо', 'Отдел', 'Группа', 'Должность', 'Телефон', 'Email', 'Логин', 'Статус'];

/** The export as a user downloads it: raw bytes (h.api would read them as text). */
async function download(h: Harness, token: string, body: unknown, lang?: string) {
  const res = await fetch(`${h.baseUrl}/api/download/excel/employee`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(lang && { 'accept-language': lang }) },
    body: JSON.stringify(body),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, buffer };
}

/** Every row of the first sheet as plain cell values (null for an empty cell). */
async function sheetRows(buffer: Buffer): Promise<Array<Array<unknown>>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: Array<Array<unknown>> = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: 10 }, (_, i) => row.getCell(i + 1).value ?? null)));
  return rows;
}

describeEachDatabase('employees: export', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '' };
  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
  });

  it('exports exactly the filtered list as .xlsx with Russian headers', async () => {
    const search = 'эксплуат';
    const res = await download(h, t.landlord, { search });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(XLSX);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="employees-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const [header, ...data] = await sheetRows(res.buffer);
    expect(header).toEqual(RU_HEADERS);

    const list = await h.api(`/employee?search=${encodeURIComponent(search)}&sort=full_name&limit=100`, { token: t.landlord });
    expect(list.body.meta.total).toBe(3);
    expect(data.map((r) => r[0])).toEqual(list.body.data.map((e: { full_name: string }) => e.full_name));
    expect(data.map((r) => r[0])).toEqual(['Бекзат Омаров', 'Данияр Ермеков', 'Марат Исаев']);
    expect(data[0]).toEqual(['Бекзат Омаров', null, null, 'Эксплуатация', null, 'Инженер', '+77011000001', 'staff02@example.kz', 'staff02', 'Активен']);
  });

  it('exports the whole active list of the landlord only, in name order, when no search is given', async () => {
    const res = await download(h, t.landlord, {});
    const [, ...data] = await sheetRows(res.buffer);
    const list = await h.api('/employee?sort=full_name&limit=100', { token: t.landlord });
    expect(data.map((r) => r[8])).toEqual(list.body.data.map((e: { username: string }) => e.username));
    expect(data.map((r) => r[8])).not.toContain('employee2');
    expect(data).toHaveLength(13);
  });

  it('answers in English when asked', async () => {
    const res = await download(h, t.landlord, { search: 'staff01' }, 'en');
    expect(res.status).toBe(200);
    const [header, ...data] = await sheetRows(res.buffer);
    expect(header?.[0]).toBe('Full name');
    expect(header).not.toContain('ФИО');
    expect(data.map((r) => r[8])).toEqual(['staff01']);
  });

  it('lets an employee with read access export and refuses a renter', async () => {
    const ok = await download(h, t.employee, { search: 'staff' });
    expect(ok.status).toBe(200);
    const [, ...data] = await sheetRows(ok.buffer);
    expect(data).toHaveLength(12);
    const renter = await download(h, t.renter, {});
    expect(renter.status).toBe(403);
    expect(JSON.parse(renter.buffer.toString('utf8')).error.code).toBe('forbidden');
  });

  it('streams more rows than one batch (1000) without losing or repeating any, ties on the name included', async () => {
    const landlordId = (await h.api('/auth/login', { body: { username: 'landlord2', password: 'demo1234' } })).body.user.landlord_id;
    const made = Array.from({ length: 1050 }, (_, i) => ({
      username: `bulk${String(i).padStart(4, '0')}`,
      fullName: `Массов ${String(Math.floor(i / 30)).padStart(2, '0')}`,
    }));
    // groups of 30 equal names: one of them straddles the batch boundary at row 1000
    const inserted = await h.db
      .insert(users)
      .values(
        made.map((m) => ({
          landlordId,
          username: m.username,
          email: `${m.username}@example.kz`,
          fullName: m.fullName,
          role: 'employee' as const,
        })),
      )
      .returning({ id: users.id, fullName: users.fullName, email: users.email });
    await h.db.insert(employees).values(inserted.map((u) => ({ landlordId, userId: u.id, fullName: u.fullName, email: u.email ?? '' })));

    const res = await download(h, t.landlord2, { search: 'bulk' });
    const [, ...data] = await sheetRows(res.buffer);
    const logins = data.map((r) => r[8] as string);
    expect(logins).toHaveLength(1050);
    expect(new Set(logins).size).toBe(1050);
    const listed: string[] = [];
    for (let page = 1; page <= 11; page++) {
      const res = await h.api(`/employee?search=bulk&sort=full_name&limit=100&page=${page}`, { token: t.landlord2 });
      expect(res.body.meta.total).toBe(1050);
      listed.push(...res.body.data.map((e: { username: string }) => e.username));
    }
    expect(logins).toEqual(listed);
  });

  // The column is a row's own state, «Активен»/«Удалён», not the list filter's plural «Активные»/«Удалённые».
  it('writes each employee’s status as a single word in the downloader’s language', async () => {
    const found = await h.api('/employee?search=bulk0000', { token: t.landlord2 });
    const id = found.body.data[0]?.id;
    expect((await h.api(`/employee/${id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(204);
    const status = async (body: object, lang?: string) => (await sheetRows((await download(h, t.landlord2, body, lang)).buffer)).slice(1).map((r) => r[9]);
    expect(await status({ search: 'bulk0001' })).toEqual(['Активен']);
    expect(await status({ search: 'bulk0000', status: 'deleted' })).toEqual(['Удалён']);
    expect(await status({ search: 'bulk0001' }, 'kk')).toEqual(['Белсенді']);
    expect(await status({ search: 'bulk0000', status: 'deleted' }, 'kk')).toEqual(['Жойылған']);
    expect(await status({ search: 'bulk0001' }, 'en')).toEqual(['Active']);
    expect(await status({ search: 'bulk0000', status: 'deleted' }, 'en')).toEqual(['Deleted']);
  });
});
