import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay, fromAlmatyInput } from '#/shared/almaty';
import { contractFiles, contractSettings, contracts, employees, landlords, users } from '#server/db/schema';
import { localStorage } from '#server/storage/storage';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, objectWithRooms, renterIdOf } from '../support/contracts';
import { docxWith, textOf } from '../support/docx';
import { PDF } from '../support/requests';
import { docxOf } from '../support/zip';

const TEMPLATE =
  'Договор {number}; {renter_name}, БИН {renter_bin}; {rooms}; {area} м²; ставка {rate}; в месяц {monthly_total}; депозит {deposit}; с {starts_on} по {ends_on}; день {payment_day}; {object_name}, {object_address}; {landlord_name}';

describeEachDatabase('lease documents, lease ends and the expiring badge', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '' };
  let renterId = '';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = await renterIdOf(h, 'renter');
  });

  const uploadTemplate = async (token: string, data: Buffer, name = 'шаблон.docx', lang = 'ru') => {
    const headers = { authorization: `Bearer ${token}`, 'accept-language': lang };
    const res = await fetch(`${h.baseUrl}/api/contracts/template`, { method: 'PUT', headers, body: formOf(data, name) });
    return { status: res.status, body: await res.json() };
  };
  const formOf = (data: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
    return form;
  };
  const generate = (token: string, id: string) => h.api(`/contracts/${id}/document`, { token, method: 'POST' });
  const templateKey = async (landlordUser: string) => {
    const [row] = await h.db
      .select({ key: contractSettings.templateKey })
      .from(contractSettings)
      .innerJoin(users, eq(users.landlordId, contractSettings.landlordId))
      .where(eq(users.username, landlordUser));
    return row?.key ?? null;
  };

  it('fills the landlord’s template with the lease and attaches it to the lease’s files', async () => {
    // Only the landlord uploads; a PDF or a broken template is refused and nothing is kept.
    expect((await uploadTemplate(t.employee, docxWith(TEMPLATE))).status).toBe(403);
    const pdf = await uploadTemplate(t.landlord, PDF, 'x.docx');
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.code).toBe('template_type');
    // A .docx that unpacks far beyond its size is refused by the upload checks before it is parsed.
    const bomb = await uploadTemplate(t.landlord, docxOf(Buffer.alloc(5 * 1024 * 1024, 32)), 'bomb.docx');
    expect(bomb.status).toBe(400);
    expect(bomb.body.error.code).toBe('document_archive');
    const broken = await uploadTemplate(t.landlord, docxWith('Договор {number; {renter_name}'), 'broken.docx', 'en');
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('template_invalid');
    expect(broken.body.error.fields.file).toMatch(/^The template has a broken placeholder: .+/);
    expect(await templateKey('landlord')).toBeNull();

    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Шаблон»', [33.3, 33.3, 33.3]);
    const lease = await h.api('/contracts', {
      token: t.landlord,
      body: {
        number: `Д-${Date.now() % 100000}`,
        renter_id: renterId,
        room_ids: centre.rooms.map((r) => r.id),
        starts_on: '2026-01-01',
        ends_on: '2027-11-24',
        rate: '12345.67',
        deposit: '2466664.86',
        payment_day: 10,
      },
    });
    expect(lease.status).toBe(201);
    expect(lease.body.can_generate).toBe(false);
    const none = await generate(t.landlord, lease.body.id);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('no_template');

    const uploaded = await uploadTemplate(t.landlord, docxWith(TEMPLATE));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ expiring_days: 90, template: { name: 'шаблон.docx' } });
    expect((await h.api('/contracts/settings', { token: t.employee })).body.template.name).toBe('шаблон.docx');

    const done = await generate(t.employee, lease.body.id);
    expect(done.status).toBe(201);
    expect(done.body.can_generate).toBe(true);
    const file = done.body.files.at(-1);
    expect(file).toMatchObject({ name: `${lease.body.number}.docx`, content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(file.url).toMatch(/signature=/);
    expect(done.body.history.at(-1)).toMatchObject({ event: 'contract.file' });
    const got = await fetch(new URL(file.url, h.baseUrl));
    expect(got.status).toBe(200);
    // Saved under the lease's number, not the storage key.
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="_-${lease.body.number.slice(2)}.docx"; filename*=UTF-8''${encodeURIComponent(`${lease.body.number}.docx`)}`,
    );
    const text = textOf(Buffer.from(await got.arrayBuffer()));
    const nbsp = '\u00a0';
    expect(text).toContain(`Договор ${lease.body.number};`);
    expect(text).toContain('; №1, №2, №3;');
    expect(text).toContain(`99,90 м²; ставка 12${nbsp}345,67; в месяц 1${nbsp}233${nbsp}332,43; депозит 2${nbsp}466${nbsp}664,86;`);
    expect(text).toContain('с 01.01.2026 по 24.11.2027; день 10; ТРЦ «Шаблон», ул. Абая, 1;');
    expect(text).toMatch(/^Договор .+; .+, БИН \d{12};/);
    const [landlord] = await h.db
      .select({ name: landlords.name })
      .from(landlords)
      .innerJoin(users, eq(users.landlordId, landlords.id))
      .where(eq(users.username, 'landlord'));
    expect(text.endsWith(`ул. Абая, 1; ${landlord?.name}`)).toBe(true);

    // A second template replaces the first in storage.
    const firstKey = await templateKey('landlord');
    expect((await uploadTemplate(t.landlord, docxWith('Второй {number}'))).status).toBe(200);
    expect(await templateKey('landlord')).not.toBe(firstKey);
    // Two at once: the folder keeps only the template the row names.
    const both = await Promise.all([uploadTemplate(t.landlord, docxWith('А {number}')), uploadTemplate(t.landlord, docxWith('Б {number}'))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const kept = (await templateKey('landlord')) as string;
    expect(await readdir(path.join(h.config.storageDir, path.dirname(kept)))).toEqual([path.basename(kept)]);
  });

  it('refuses a template with a misspelt placeholder, naming it in the caller’s language, and keeps the previous one', async () => {
    expect((await uploadTemplate(t.landlord, docxWith('{number}'))).status).toBe(200);
    const kept = await templateKey('landlord');
    const ru = await uploadTemplate(t.landlord, docxWith('Договор {number} с {no_such_field} и {renter_nmae}'), 'опечатка.docx', 'ru');
    expect(ru.status).toBe(400);
    expect(ru.body.error.code).toBe('template_unknown');
    expect(ru.body.error.fields.file).toBe(
      'В шаблоне неизвестные заполнители: {no_such_field}, {renter_nmae}. Проверьте написание: список доступных — в настройках договоров',
    );
    const en = await uploadTemplate(t.landlord, docxWith('{#rooms_list}{x}{/rooms_list}'), 'loop.docx', 'en');
    expect(en.status).toBe(400);
    expect(en.body.error.fields.file).toMatch(/^The template has unknown placeholders: \{rooms_list\}/);
    expect(await templateKey('landlord')).toBe(kept);
  });

  it('previews a template filled with a sample lease before saving it; the landlord only, nothing stored', async () => {
    const kept = await templateKey('landlord');
    const preview = async (token: string, data: Buffer, lang = 'ru') => {
      const headers = { authorization: `Bearer ${token}`, 'accept-language': lang };
      return fetch(`${h.baseUrl}/api/contracts/template/preview`, { method: 'POST', headers, body: formOf(data, 'черновик.docx') });
    };
    const res = await preview(t.landlord, docxWith('Договор {number} с {renter_name}, {object_name}'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    expect(textOf(Buffer.from(await res.arrayBuffer()))).toBe('Договор Д-2026/017 с ИП «Dana Fashion», ТРЦ «Керуен»');
    const wrong = await preview(t.landlord, docxWith('{no_such_field}'), 'en');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields.file).toMatch(/\{no_such_field\}/);
    expect((await preview(t.employee, docxWith('{number}'))).status).toBe(403);
    expect(await templateKey('landlord')).toBe(kept);
  });

  it('who may update the lease generates; a renter, a reader and another landlord may not', async () => {
    expect((await uploadTemplate(t.landlord, docxWith('{number} {renter_name}'))).status).toBe(200);
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Права»', [10]);
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    const files = async () => (await h.db.select({ id: contractFiles.id }).from(contractFiles).where(eq(contractFiles.contractId, lease.id))).length;
    // The tenant does not see a draft at all.
    expect((await generate(t.renter, lease.id)).status).toBe(404);
    expect((await generate(t.landlord2, lease.id)).status).toBe(404);
    expect((await generate(t.renter2, lease.id)).status).toBe(404);

    const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
    const table = await h.api('/settings/access', { token: t.landlord });
    const levels = table.body.employees.find((e: { employee_id: string }) => e.employee_id === me?.id).levels;
    const grant = (level: string) =>
      h.api(`/settings/access/${me?.id}`, { method: 'PUT', token: t.landlord, body: { levels: { ...levels, contracts: level } } });
    try {
      await grant('employee');
      expect((await generate(t.employee, lease.id)).status).toBe(403);
      expect((await h.api(`/contracts/${lease.id}`, { token: t.employee })).body.can_generate).toBe(false);
    } finally {
      await grant('creator');
    }
    expect(await files()).toBe(0);
    expect((await generate(t.employee, lease.id)).status).toBe(201);
    expect(await files()).toBe(1);
  });

  it('a template that parses on upload but breaks when filled answers 400 and stores nothing', async () => {
    // Stored behind the check's back (an older template), so generation meets the broken tag.
    const key = await templateKey('landlord');
    expect(key).not.toBeNull();
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Сломан»', [10]);
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    await localStorage(h.config.storageDir, '/storage/').put(key as string, docxWith('{number} {{renter_name}'));
    const res = await h.api(`/contracts/${lease.id}/document`, { token: t.landlord, method: 'POST', lang: 'ru' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('template_invalid');
    expect(res.body.error.fields.file).toMatch(/^В шаблоне испорчен заполнитель/);
    expect(await h.db.select({ id: contractFiles.id }).from(contractFiles).where(eq(contractFiles.contractId, lease.id))).toEqual([]);
    expect((await uploadTemplate(t.landlord, docxWith('{number}'))).status).toBe(200);
  });

  it('a lease read after its expiring day is expiring without the job; the badge counts it; its end is in the calendar for those who read it', async () => {
    const before = async (token: string) => (await h.api('/user-menu/counts', { token })).body.contracts_expiring as number;
    const [landlordBefore = 0, renterBefore = 0, renter2Before, landlord2Before] = await Promise.all(
      [t.landlord, t.renter, t.renter2, t.landlord2].map(before),
    );
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Окончание»', [10]);
    const lease = await createLease(h, t.landlord, {
      renter_id: renterId,
      room_ids: [centre.rooms[0]!.id],
      starts_on: almatyDay(-100),
      ends_on: almatyDay(300),
    });
    expect((await activate(h, t.landlord, lease.id)).body.status).toBe('active');
    // The calendar moves on: 30 days to its end, inside the 90-day window, and no job has run.
    await h.db
      .update(contracts)
      .set({ endsOn: almatyDay(30) })
      .where(eq(contracts.id, lease.id));
    const seen = await h.api(`/contracts/${lease.id}`, { token: t.renter, lang: 'en' });
    expect(seen.body.status).toBe('expiring');
    expect(seen.body.history.at(-1)).toMatchObject({ event: 'contract.warn', actor_name: 'System', to_status: 'expiring' });
    expect(
      (await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body.history.filter((e: { event: string }) => e.event === 'contract.warn'),
    ).toHaveLength(1);

    expect(await before(t.landlord)).toBe(landlordBefore + 1);
    expect(await before(t.employee)).toBeGreaterThanOrEqual(1);
    expect(await before(t.renter)).toBe(renterBefore + 1);
    expect(await before(t.renter2)).toBe(renter2Before);
    expect(await before(t.landlord2)).toBe(landlord2Before);

    const from = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const ends = async (token: string) => {
      const res = await h.api(`/calendar/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&layers=contracts`, { token });
      expect(res.status).toBe(200);
      return res.body.deadlines as Array<{ layer: string; id: string; title: string; at: string }>;
    };
    const mine = (await ends(t.landlord)).find((d) => d.id === lease.id);
    expect(mine).toMatchObject({ layer: 'contracts', title: expect.stringContaining(lease.number) });
    // The end day's start in Almaty (UTC+5).
    expect(mine?.at).toBe(fromAlmatyInput(`${almatyDay(30)}T00:00`));
    expect((await ends(t.renter)).map((d) => d.id)).toContain(lease.id);
    expect((await ends(t.employee)).map((d) => d.id)).toContain(lease.id);
    expect((await ends(t.renter2)).map((d) => d.id)).not.toContain(lease.id);
    expect((await ends(t.landlord2)).map((d) => d.id)).not.toContain(lease.id);
    // Terminated leases are not in force: gone from the layer.
    const cut = await h.api(`/contracts/${lease.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', comment: 'Съезд', terminated_on: almatyDay(0) },
    });
    expect(cut.status).toBe(200);
    expect((await ends(t.landlord)).map((d) => d.id)).not.toContain(lease.id);
  });
});
