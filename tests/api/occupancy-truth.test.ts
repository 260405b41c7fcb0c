import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay, almatyToday } from '#/shared/almaty';
import { withCheckDigit } from '#/shared/kz-ids';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, objectWithRooms } from '../support/contracts';

type Figures = Record<string, number | null>;

// One truth about a unit's occupancy: the units' list, the rent roll, the occupancy report (Home's figure)
// and the renter card say the same thing as a renter is registered, signs, moves out and is deleted.
describeEachDatabase('occupancy: one rule on every screen', (h) => {
  const t = { landlord: '', employee: '', landlord2: '' };
  const month = `from=${almatyToday().slice(0, 8)}01&to=${almatyToday()}`;

  const roomsOf = async (objectId: string, token = t.landlord) => {
    const res = await h.api(`/objects/${objectId}/rooms`, { token });
    expect(res.status).toBe(200);
    return res.body as Array<{ number: string; occupied: boolean; occupancy: string; lease: { contract_id: string } | null; occupant: unknown }>;
  };
  const rentRoll = async (objectId: string, token = t.landlord) => {
    const res = await h.api(`/contracts/rent-roll?object_id=${objectId}`, { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const figures = async (query: string, token = t.landlord): Promise<Figures> => {
    const res = await h.api(`/reports/occupancy?${query}`, { token, lang: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Object.fromEntries(res.body.figures.map((f: { key: string; value: number | null }) => [f.key, f.value]));
  };
  const card = async (renterId: string) => {
    const res = await h.api(`/renters/${renterId}`, { token: t.landlord });
    expect(res.status).toBe(200);
    return res.body.room as { occupancy: string; lease: { contract_id: string } | null; occupant: { renter_id: string } | null };
  };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
  });

  it('a fresh demo shows its tenants’ units leased, and Home’s occupancy is not 0 %', async () => {
    const objects = await h.api('/objects', { token: t.landlord });
    const demo = objects.body.data.find((o: { name: string }) => o.name === 'ТРЦ «Mega Center»');
    const rooms = await roomsOf(demo.id);
    expect(rooms.find((r) => r.number === '101')).toMatchObject({ occupied: true, occupancy: 'leased', occupant: null });
    const roll = await rentRoll(demo.id);
    expect(roll.rows.find((r: { room_number: string }) => r.room_number === '101')).toMatchObject({
      occupancy: 'leased',
      renter_name: 'ИП «Dana Fashion»',
    });
    expect((await figures(`${month}&object_id=${demo.id}`)).occupancy).toBeGreaterThan(0);
  });

  it('registered without a lease → occupied, no lease on file everywhere; signed → leased; terminated → no lease again; deleted → vacant', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Одна правда»', [40, 60]);
    const a = centre.rooms[0]!;
    const whole = await figures(month);

    // Registered in unit 1 on the renter card, no lease yet.
    const made = await h.api('/renters', {
      token: t.landlord,
      body: {
        legal_name: 'ИП «Без договора»',
        bin_iin: withCheckDigit('90050140077'),
        trade_point_name: 'Без договора',
        trade_category: 'Обувь',
        room_id: a.id,
        lease_contract_date: almatyDay(-30),
        trade_area: 40,
        contact_full_name: 'Айдар Серикбаев',
        contact_position: 'Директор',
        phone: '+77071234500',
        email: 'no.lease@example.kz',
        legal_address: 'Алматы, ул. Абая, 1',
        username: 'no.lease.renter',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const renterId = made.body.id as string;
    const occupant = { renter_id: renterId, renter_name: 'ИП «Без договора»', registered_on: almatyDay(-30) };

    expect(made.body.room).toMatchObject({ occupancy: 'no_lease', lease: null, occupant });
    expect(await card(renterId)).toEqual(expect.objectContaining({ occupancy: 'no_lease', lease: null, occupant }));
    let rooms = await roomsOf(centre.id);
    expect(rooms.map((r) => [r.number, r.occupied, r.occupancy])).toEqual([
      ['1', true, 'no_lease'],
      ['2', false, 'vacant'],
    ]);
    expect(rooms[0]).toMatchObject({ lease: null, occupant });
    let roll = await rentRoll(centre.id, t.employee);
    expect(roll.rows[0]).toMatchObject({
      occupancy: 'no_lease',
      occupant,
      renter_name: 'ИП «Без договора»',
      contract_id: null,
      rate: null,
      monthly_rent: null,
    });
    expect(roll.totals).toMatchObject({
      occupied_rooms: 1,
      leased_rooms: 0,
      no_lease_rooms: 1,
      vacant_rooms: 1,
      occupied_area: '40.00',
      no_lease_area: '40.00',
      monthly_rent: '0.00',
    });
    // The spreadsheet of the rent roll names the renter and says there is no lease on file.
    const file = await fetch(`${h.baseUrl}/api/contracts/rent-roll/export?object_id=${centre.id}`, {
      headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'ru' },
    });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = (book.worksheets[0]!.getSheetValues() as unknown[][]).slice(1);
    expect(sheet[1]?.slice(1, 6)).toEqual(['1', 1, 40, 'ИП «Без договора»', 'нет договора в системе']);
    // The report (and Home's figure, which reads it for this month): area occupied, no rent.
    expect(await figures(`${month}&object_id=${centre.id}`)).toMatchObject({
      rooms: 2,
      leased_rooms: 0,
      no_lease_rooms: 1,
      no_lease_area: 40,
      occupancy: 40,
      monthly_rent: 0,
    });
    const withRenter = await figures(`${month}`);
    expect(withRenter.no_lease_rooms).toBe((whole.no_lease_rooms ?? 0) + 1);
    expect(withRenter.no_lease_area).toBe((whole.no_lease_area ?? 0) + 40);

    // Signed: leased everywhere, with its rent.
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [a.id], starts_on: almatyDay(-30), ends_on: almatyDay(300) });
    expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    expect(await card(renterId)).toMatchObject({ occupancy: 'leased', lease: { contract_id: lease.id, number: lease.number }, occupant: null });
    rooms = await roomsOf(centre.id);
    expect(rooms[0]).toMatchObject({ occupied: true, occupancy: 'leased', lease: { contract_id: lease.id, renter_name: 'ИП «Без договора»' }, occupant: null });
    roll = await rentRoll(centre.id);
    expect(roll.rows[0]).toMatchObject({ occupancy: 'leased', occupant: null, contract_id: lease.id, monthly_rent: '200000.00' });
    expect(roll.totals).toMatchObject({ occupied_rooms: 1, leased_rooms: 1, no_lease_rooms: 0, leased_area: '40.00', monthly_rent: '200000.00' });
    expect(await figures(`${month}&object_id=${centre.id}`)).toMatchObject({
      leased_rooms: 1,
      no_lease_rooms: 0,
      leased_area: 40,
      occupancy: 40,
      monthly_rent: 200000,
    });

    // The lease ends (terminated yesterday): the renter is still registered, so no lease on file again.
    const ended = await h.api(`/contracts/${lease.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', terminated_on: almatyDay(-1), comment: 'Съехал' },
    });
    expect(ended.status).toBe(200);
    expect((await roomsOf(centre.id))[0]).toMatchObject({ occupancy: 'no_lease', occupant });
    expect((await rentRoll(centre.id)).rows[0]).toMatchObject({ occupancy: 'no_lease', contract_id: null });
    expect(await card(renterId)).toMatchObject({ occupancy: 'no_lease', occupant });
    expect(await figures(`${month}&object_id=${centre.id}`)).toMatchObject({ leased_rooms: 0, no_lease_rooms: 1, monthly_rent: 0 });

    // Deleted: nobody is in the unit any more.
    expect((await h.api(`/renters/${renterId}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    rooms = await roomsOf(centre.id);
    expect(rooms[0]).toMatchObject({ occupied: false, occupancy: 'vacant', lease: null, occupant: null });
    roll = await rentRoll(centre.id);
    expect(roll.rows[0]).toMatchObject({ occupancy: 'vacant', occupant: null, renter_name: null });
    expect(roll.totals).toMatchObject({ occupied_rooms: 0, vacant_rooms: 2, occupied_area: '0.00' });
    expect(await figures(`${month}&object_id=${centre.id}`)).toMatchObject({ leased_rooms: 0, no_lease_rooms: 0, occupancy: 0 });
    expect(await card(renterId)).toMatchObject({ occupancy: 'vacant', lease: null, occupant: null });
    expect(await figures(month)).toMatchObject({ no_lease_rooms: whole.no_lease_rooms });
  });

  it('a lease whose period has not begun leaves a registered renter’s unit without a lease on file', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Будущее»', [25]);
    const room = centre.rooms[0]!;
    const made = await h.api('/renters', {
      token: t.landlord,
      body: {
        legal_name: 'ТОО «Завтра»',
        bin_iin: withCheckDigit('15040240077'),
        trade_point_name: 'Завтра',
        trade_category: 'Кафе',
        room_id: room.id,
        lease_contract_date: almatyDay(0),
        trade_area: 25,
        contact_full_name: 'Асель Ким',
        contact_position: 'Директор',
        phone: '+77071234501',
        email: 'tomorrow@example.kz',
        legal_address: 'Алматы, ул. Абая, 2',
        username: 'tomorrow.renter',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const later = await createLease(h, t.landlord, { renter_id: made.body.id, room_ids: [room.id], starts_on: almatyDay(10), ends_on: almatyDay(100) });
    expect((await activate(h, t.landlord, later.id)).status).toBe(200);
    expect((await roomsOf(centre.id))[0]).toMatchObject({ occupancy: 'no_lease', lease: null });
    expect((await rentRoll(centre.id)).rows[0]).toMatchObject({ occupancy: 'no_lease', contract_id: null });
  });

  it('another landlord sees none of it: 404 on the object, its rent roll, the renter and the report filter', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Чужим нельзя»', [30]);
    const made = await h.api('/renters', {
      token: t.landlord,
      body: {
        legal_name: 'ИП «Скрытый»',
        bin_iin: withCheckDigit('90050140078'),
        trade_point_name: 'Скрытый',
        trade_category: 'Одежда',
        room_id: centre.rooms[0]!.id,
        lease_contract_date: almatyDay(-3),
        trade_area: 30,
        contact_full_name: 'Ержан Ахметов',
        contact_position: 'Директор',
        phone: '+77071234502',
        email: 'hidden@example.kz',
        legal_address: 'Алматы, ул. Абая, 3',
        username: 'hidden.renter',
      },
    });
    expect(made.status).toBe(201);
    const before = await figures(month, t.landlord2);
    for (const path of [
      `/objects/${centre.id}/rooms`,
      `/contracts/rent-roll?object_id=${centre.id}`,
      `/renters/${made.body.id}`,
      `/reports/occupancy?${month}&object_id=${centre.id}`,
      `/reports/occupancy?${month}&renter_id=${made.body.id}`,
      `/objects/${randomUUID()}/rooms`,
    ]) {
      const res = await h.api(path, { token: t.landlord2 });
      expect(res.status, path).toBe(404);
    }
    // Its own figures count nothing of ours: the demo renter's leased unit, no unit without a lease.
    expect(before).toMatchObject({ no_lease_rooms: 0, leased_rooms: 1 });
  });
});
