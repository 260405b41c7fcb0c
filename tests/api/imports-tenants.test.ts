import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, uploadImport } from '../support/imports';

const bin = (first11: string) => {
  const full = withCheckDigit(first11);
  if (!full) throw new Error(`no check digit for ${first11}`);
  return full;
};

describeEachDatabase('imports: tenants', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let rooms: { number: string }[] = [];
  const centre = 'ТРЦ «Mega Center»';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    rooms = (await h.api('/renters/room-options', { token: t.landlord })).body[0].rooms;
  });

  const tenantRow = (b: string | number, room: string, n: number) => [
    b,
    `ТОО «Импорт ${n}»`,
    `Точка ${n}`,
    'Электроника',
    centre,
    room,
    '01.03.2026',
    42.5,
    'Айдар Серикбаев',
    'Директор',
    '8 (707) 123-45-67',
    `import${n}@example.kz`,
    '',
    '',
    'Алматы, ул. Абая, 1',
    '',
    'en',
  ];

  it('template round trip: headers in the caller language, rows checked, committed, listed by the register', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/tenants', { lang: 'en' });
    expect(template.status).toBe(200);
    const book = await readBook(template.bytes);
    const ws = book.worksheets[0];
    expect(ws?.getRow(1).getCell(1).value).toBe('BIN / IIN');
    expect(book.worksheets.map((s) => s.name)).toContain('Notes');

    // A BIN kept as a number lost its leading zero: it comes back.
    const zeroBin = bin('05040140007');
    const file = await fillTemplate(template.bytes, [
      tenantRow(Number(zeroBin), rooms[1]?.number ?? '', 1),
      tenantRow(bin('19040140003'), rooms[2]?.number ?? '', 2),
    ]);
    const up = await uploadImport(h, t.landlord, 'tenants', file, 'tenants.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.status).toBe('checked');
    expect(up.body.counts).toEqual({ total: 2, new: 2, changed: 0, unchanged: 0, wrong: 0 });
    expect(up.body.actions).toEqual(['import.commit', 'import.discard']);

    const done = await callImports(h, t.landlord, `/imports/${up.body.id}/commit`, { method: 'POST' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('committed');

    const listed = (await h.api('/renters?search=Импорт', { token: t.landlord })).body.data;
    const first = listed.find((r: { bin_iin: string }) => r.bin_iin === zeroBin);
    expect(first).toMatchObject({ legal_name: 'ТОО «Импорт 1»', phone: '+77071234567', email: 'import1@example.kz', lease_contract_date: '2026-03-01' });

    // The same file again changes nothing.
    const again = await uploadImport(h, t.landlord, 'tenants', file, 'tenants.xlsx', 'en');
    expect(again.body.counts).toEqual({ total: 2, new: 0, changed: 0, unchanged: 2, wrong: 0 });
    const twice = await callImports(h, t.landlord, `/imports/${again.body.id}/commit`, { method: 'POST' });
    expect(twice.body.counts).toMatchObject({ new: 0, changed: 0 });
  });
});
