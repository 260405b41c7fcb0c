import { beforeAll, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { describeEachDatabase } from '../support/api-harness';
import { company } from '../support/contractors';
import { submit } from '../support/questionnaires';

// The create buttons the SPA offers (tests/browser/route-access.test.ts) match these answers: every
// role the button is hidden from gets 403 for a body the contract accepts, and the rest may create.
describeEachDatabase('who may create and delete', (h) => {
  const t = { superadmin: '', landlord: '', employee: '', renter: '', landlord2: '' };
  let roomId = '';
  let typeId = '';
  let objectId = '';
  let seq = 0;
  const next = () => ++seq;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    roomId = (await h.api('/renters/room-options', { token: t.landlord })).body[0].rooms[1].id;
    typeId = (await h.api('/object-types', { token: t.superadmin })).body.data[0].id;
    objectId = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
  });

  const bodies: Record<string, () => Record<string, unknown>> = {
    '/landlords': () => ({
      name: `ТОО «Plaza ${next()}»`,
      bin: withCheckDigit(`0701400${String(seq).padStart(4, '0')}`),
      legal_address: 'Алматы',
      phone: '+77273000000',
      email: `office${seq}@plaza.kz`,
      username: `plaza${seq}`,
      full_name: 'Марат Сагынтаев',
      login_email: `marat${seq}@plaza.kz`,
    }),
    '/object-types': () => {
      const n = next();
      return { name_ru: `Склад ${n}`, name_kk: `Қойма ${n}`, name_en: `Warehouse ${n}` };
    },
    '/type-request': () => ({ kind: 12, name_ru: `Охрана ${next()}`, name_kk: 'Күзет', name_en: 'Security', default_resolve_hours: 6 }),
    '/objects': () => ({ name: `ТРЦ ${next()}`, type_id: typeId, city: 'Алматы', address: 'ул. Абая, 1' }),
    '/renters': () => ({
      legal_name: `ТОО «Арендатор ${next()}»`,
      bin_iin: withCheckDigit('19040140003'),
      trade_point_name: 'Точка',
      trade_category: 'Электроника',
      room_id: roomId,
      lease_contract_date: '2026-03-01',
      trade_area: 42.5,
      contact_full_name: 'Айдар Серикбаев',
      contact_position: 'Директор',
      phone: '+77071234567',
      email: `renter.new${seq}@example.kz`,
      legal_address: 'Алматы, ул. Абая, 1',
      username: `renter.new${seq}`,
    }),
    '/employee': () => ({ full_name: 'Алма Создана', email: `alma${next()}@example.kz`, username: `alma.new${seq}` }),
    '/contractors': () => company({ name: `ТОО «Подряд ${next()}»` }),
    '/social-networks': () => ({ network: 'website', url: `https://mall.kz/${next()}` }),
  };
  const refused: Record<string, (keyof typeof t)[]> = {
    '/landlords': ['landlord', 'employee', 'renter'],
    '/object-types': ['landlord', 'employee', 'renter'],
    '/type-request': ['landlord', 'employee', 'renter'],
    '/objects': ['employee', 'renter'],
    '/renters': ['renter'],
    '/employee': ['renter'],
    '/contractors': ['renter'],
    '/social-networks': ['renter'],
  };
  const offered: Record<string, (keyof typeof t)[]> = {
    '/landlords': ['superadmin'],
    '/object-types': ['superadmin'],
    '/type-request': ['superadmin'],
    '/objects': ['landlord'],
    '/renters': ['landlord', 'employee'],
    '/employee': ['landlord', 'employee'],
    '/contractors': ['landlord', 'employee'],
    '/social-networks': ['landlord', 'employee'],
  };

  it('refuses the POST of a create page to every role it is not offered to', async () => {
    for (const [path, roles] of Object.entries(refused)) {
      for (const role of roles) {
        const res = await h.api(path, { token: t[role], body: bodies[path]?.() });
        expect(res.status, `${role} POST ${path}`).toBe(403);
      }
    }
  });

  it('accepts it from every role the create page is offered to', async () => {
    for (const [path, roles] of Object.entries(offered)) {
      for (const role of roles) {
        const res = await h.api(path, { token: t[role], body: bodies[path]?.() });
        expect(res.status, `${role} POST ${path}: ${JSON.stringify(res.body)}`).toBe(201);
      }
    }
    // The superadmin's object form names the landlord the centre belongs to.
    const landlordId = (await h.api('/user', { token: t.landlord })).body.landlord_id;
    expect((await h.api('/objects', { token: t.superadmin, body: { ...bodies['/objects']?.(), landlord_id: landlordId } })).status).toBe(201);
  });

  it('deletes a questionnaire of the waiting list only with a level that may, and not another landlord’s', async () => {
    const link = (await h.api('/application-forms/link', { method: 'PUT', token: t.landlord, body: { object_id: objectId } })).body.link as string;
    const sent = await submit(h, new URL(link).searchParams.get('l') as string);
    expect(sent.status).toBe(201);
    const id = sent.body.id as string;
    // The demo employee holds `creator`: it edits but does not delete (intermediate is the first level that may).
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.employee })).status).toBe(403);
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.renter })).status).toBe(403);
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/application-forms/${id}`, { token: t.landlord })).status).toBe(200);
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api(`/application-forms/${id}`, { token: t.landlord })).status).toBe(404);
  });
});
