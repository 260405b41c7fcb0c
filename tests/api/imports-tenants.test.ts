import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { employeeAccess, employees, importInvitations, renters, users } from '#server/db/schema';
import { createMailer } from '#server/mail/mailer';
import { sendInvitations } from '#server/modules/imports/invitations';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, sheetOf, uploadImport } from '../support/imports';
import { linkOf, readOutbox } from '../support/outbox';

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
    expect(up.body.counts).toEqual({ total: 2, new: 2, changed: 0, unchanged: 0, wrong: 0, skipped: 0 });
    expect(up.body.actions).toEqual(['import.commit', 'import.discard']);

    const done = await callImports(h, t.landlord, `/imports/${up.body.id}/commit`, { method: 'POST' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('committed');

    const listed = (await h.api('/renters?search=Импорт', { token: t.landlord })).body.data;
    const first = listed.find((r: { bin_iin: string }) => r.bin_iin === zeroBin);
    expect(first).toMatchObject({ legal_name: 'ТОО «Импорт 1»', phone: '+77071234567', email: 'import1@example.kz', lease_contract_date: '2026-03-01' });

    // The same file again changes nothing.
    const again = await uploadImport(h, t.landlord, 'tenants', file, 'tenants.xlsx', 'en');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.counts).toEqual({ total: 2, new: 0, changed: 0, unchanged: 2, wrong: 0, skipped: 0 });
    const twice = await callImports(h, t.landlord, `/imports/${again.body.id}/commit`, { method: 'POST' });
    expect(twice.body.counts).toMatchObject({ new: 0, changed: 0 });
  });

  const header = [
    'bin_iin',
    'legal_name',
    'trade_point_name',
    'trade_category',
    'object',
    'room_number',
    'lease_contract_date',
    'trade_area',
    'contact_full_name',
    'contact_position',
    'phone',
    'email',
    'instagram',
    'website',
    'legal_address',
    'username',
    'language',
  ];

  it('all or nothing: a last row gone wrong since the check undoes the whole commit', async () => {
    const bins = [bin('19040140011'), bin('19040140012'), bin('19040140013')];
    const rows = bins.map((b, i) => tenantRow(b, rooms[1]?.number ?? '', 10 + i));
    (rows[2] as unknown[])[15] = 'later.taken';
    const up = await uploadImport(h, t.landlord, 'tenants', await sheetOf([header, ...rows]), 'tenants.xlsx', 'en');
    expect(up.body.counts).toMatchObject({ new: 3, wrong: 0 });
    // Meanwhile the form registers someone under the username the last row asks for.
    const roomId = (await h.api('/renters/room-options', { token: t.landlord })).body[0].rooms[1].id;
    const taken = await h.api('/renters', {
      token: t.landlord,
      body: {
        legal_name: 'ТОО «Раньше»',
        bin_iin: bin('19040140019'),
        trade_point_name: 'Раньше',
        trade_category: 'Кафе',
        room_id: roomId,
        lease_contract_date: '2026-03-01',
        trade_area: 10,
        contact_full_name: 'Кто-то',
        contact_position: 'Директор',
        phone: '+77011234567',
        email: 'later@example.kz',
        legal_address: 'Алматы',
        username: 'later.taken',
      },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const refused = await callImports(h, t.landlord, `/imports/${up.body.id}/commit`, { method: 'POST', lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'import_has_errors' });
    const written = await h.db
      .select({ id: renters.id })
      .from(renters)
      .where(eq(renters.binIin, bins[0] as string));
    expect(written).toEqual([]);
    const fresh = (await callImports(h, t.landlord, `/imports/${up.body.id}`, { lang: 'en' })).body;
    expect(fresh).toMatchObject({ status: 'checked', counts: { new: 2, wrong: 1 }, actions: ['import.discard'] });
    expect(fresh.errors).toEqual([{ row: 4, column: 'username', column_name: 'Username', message: 'This username is already taken' }]);
  });

  it('who: the landlord and employees whose renters level allows creating; renters never', async () => {
    const file = await sheetOf([header, tenantRow(bin('19040140021'), rooms[1]?.number ?? '', 21)]);
    const up = await uploadImport(h, t.employee, 'tenants', file, 'tenants.xlsx');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect((await callImports(h, t.employee, `/imports/${up.body.id}`)).status).toBe(200);
    expect((await callImports(h, t.landlord2, `/imports/${up.body.id}`)).status).toBe(404);
    expect((await uploadImport(h, t.renter, 'tenants', file, 'tenants.xlsx')).status).toBe(403);
    expect((await callImports(h, t.renter, '/import-templates/tenants')).status).toBe(403);

    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, 'renters'));
    await h.db.update(employeeAccess).set({ level: 'view' }).where(grant);
    try {
      const refused = await uploadImport(h, t.employee, 'tenants', file, 'tenants.xlsx', 'en');
      expect(refused.status).toBe(403);
      expect((await callImports(h, t.employee, '/import-templates/tenants')).status).toBe(403);
      expect((await callImports(h, t.employee, `/imports/${up.body.id}/commit`, { method: 'POST' })).status).toBe(403);
      // Still an importer of employees: the history lists those, and no tenants import any more.
      const history = await callImports(h, t.employee, '/imports');
      expect(history.status).toBe(200);
      expect(history.body.data.map((i: { entity: string }) => i.entity)).not.toContain('tenants');
    } finally {
      await h.db.update(employeeAccess).set({ level: 'creator' }).where(grant);
    }
  });

  it('the error report and the errors speak the caller language', async () => {
    const bad = tenantRow('123', 'нет-такого', 31);
    (bad as unknown[])[10] = '12345';
    const up = await uploadImport(h, t.landlord, 'tenants', await sheetOf([header, bad]), 'плохой.xlsx', 'kk');
    expect(up.body.counts).toMatchObject({ wrong: 1 });
    const report = await callImports(h, t.landlord, `/imports/${up.body.id}/errors`, { lang: 'ru' });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    const ws = (await readBook(report.bytes)).worksheets[0];
    expect(ws?.getRow(1).getCell(18).value).toBe('Ошибки');
    expect(String(ws?.getRow(2).getCell(18).value)).toContain('Неверный ИИН/БИН');
    expect(String(ws?.getRow(2).getCell(18).value)).toContain('Телефон: +7 и 10 цифр');
    const en = (await callImports(h, t.landlord, `/imports/${up.body.id}`, { lang: 'en' })).body;
    expect(en.errors.map((e: { message: string }) => e.message)).toEqual(['Invalid IIN/BIN: 12 digits with a valid check digit', 'Phone: +7 and 10 digits']);
  });

  it('first-login mails only when the commit asks, queued with it and sent a few a run; a failed send waits for its next try', async () => {
    const mailsTo = async (addresses: string[]) => (await readOutbox(h.outboxDir)).filter((m) => addresses.some((a) => m.to.includes(a)));
    const row = (n: number, username = '') => {
      const r = tenantRow(bin(`190401400${n}`), rooms[1]?.number ?? '', n);
      (r as unknown[])[15] = username;
      return r;
    };
    // Not asked: new tenants get their logins, nobody is mailed, even with a username in the file.
    const quiet = await uploadImport(h, t.landlord, 'tenants', await sheetOf([header, row(41, 'quiet.41'), row(42)]), 'quiet.xlsx');
    const done = await h.api(`/imports/${quiet.body.id}/commit`, { token: t.landlord, method: 'POST' });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ status: 'committed', invitations: null });
    expect(await mailsTo(['import41@', 'import42@'])).toEqual([]);

    const asked = await uploadImport(h, t.landlord, 'tenants', await sheetOf([header, row(43, 'asked.43'), row(44), row(45)]), 'asked.xlsx');
    const committed = await h.api(`/imports/${asked.body.id}/commit`, { token: t.landlord, method: 'POST', body: { invite: true } });
    expect(committed.body).toMatchObject({ status: 'committed', invitations: { queued: 3, sent: 0 } });
    expect(await mailsTo(['import43@', 'import44@', 'import45@'])).toEqual([]);

    const down = { send: () => Promise.reject(new Error('SMTP is down')), close: () => {} };
    expect(await sendInvitations(h.db, down, h.config.publicUrl, 2)).toBe(0);
    const tried = await h.db.select().from(importInvitations).where(eq(importInvitations.importId, asked.body.id)).orderBy(importInvitations.id);
    expect(tried.map((r) => [r.attempts, r.sentAt])).toEqual([
      [1, null],
      [1, null],
      [0, null],
    ]);
    // The failed two wait for their next try; the third is due and goes alone.
    const mailer = createMailer({ smtpUrl: null, from: 'crm@example.kz', outboxDir: h.outboxDir });
    expect(await sendInvitations(h.db, mailer, h.config.publicUrl, 2)).toBe(1);
    await h.db.update(importInvitations).set({ notBefore: new Date() }).where(eq(importInvitations.importId, asked.body.id));
    expect(await sendInvitations(h.db, mailer, h.config.publicUrl, 2)).toBe(2);
    expect(await sendInvitations(h.db, mailer, h.config.publicUrl, 2)).toBe(0);
    const card = await callImports(h, t.landlord, `/imports/${asked.body.id}`);
    expect(card.body.invitations).toEqual({ queued: 3, sent: 3 });

    // Each in its own language (the file's), with its login and a first-login link.
    const mails = await mailsTo(['import43@', 'import44@', 'import45@']);
    expect(mails).toHaveLength(3);
    const first = mails.find((m) => m.to.includes('import43@'));
    expect(first?.text).toContain('asked.43');
    expect(linkOf(first as NonNullable<typeof first>).url.pathname).toBe('/auth/first-login');
    expect(mails.find((m) => m.to.includes('import44@'))?.text).toContain(bin('19040140044'));
  });
});
